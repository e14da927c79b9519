"""Every threshold of the Ganz schön clever transcription and its decisions with the rules, in one record, a
reason in a line each; the dependent ones are computed from those they depend on."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DecideThresholds:
    """The tuned numbers that decide what a sheet's transcription flags and what the sheet's sums confirm."""

    # transcribe (:mod:`.transcribe`)
    confident: float = 0.9  # a box read with less confidence is listed as uncertain
    max_decode: int = 256  # combinations of uncertain boxes the rules may try
    # search nodes (rules/work.py) all the rules' checks of those combinations may spend together: a check of a
    # sheet from play takes tens to a few thousand, a node 3-5 us, so this keeps the choice under about half a
    # second whatever the readings; beyond it the rules decide nothing
    max_decode_work: int = 100_000
    # agree with the sums (:mod:`.agreement`)
    confirm: float = 0.995  # posterior of a top reading that makes it confident (calibrated on tuning seeds)
    mistake: float = 0.1  # prior probability that a claimed score is the player's own mistake (house value)
    mistake_spread: int = 10  # a mistaken sum lies within this many points of the true score ...
    fox_mistake_spread: int = 2  # ... a miscounted fox count within this many foxes: foxes are counted, not added
    doubt: float = 0.5  # a claim read with confidence whose posterior falls below this is flagged
    max_unsure_marks: int = 6  # unsure crosses enumerated (2**6 combinations): more is left to a person
    confusion_floor: float = 0.02  # a digit the model mistakes surely keeps this share of the top's likelihood
    # a value one cutting away (a 1 or 0 dropped or added, a digit split in two) keeps this share: as the 1-for-7
    # floor, a plain "not negligible" (house value), so that a sum that needs it doubts the reading
    recut_floor: float = 0.02

    @property
    def unsure(self) -> float:
        """A reading below this confidence is unsure to the sums as it is to the transcription."""
        return self.confident


DECIDE = DecideThresholds()
