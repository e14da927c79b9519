"""The synthetic Ganz schön clever test set: pads printed as printkit prints them (:mod:`.pad`), filled in by
simulated games and writers and captured (:mod:`.synthetic`), and the truth of every box (:mod:`.truth`)."""
