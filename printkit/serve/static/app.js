// printkit serve's page: send photos to /page/scan, draw each sheet's boxes over its overlay, let a tap
// correct a box, and re-check the transcription with /api/check on every change.  No framework, no build.
"use strict";

const TEXTS = JSON.parse(document.getElementById("texts").textContent);
let lang = document.documentElement.lang;
const sheets = [];  // {scan, file, boxes, model, el, check}

function t(key, values) {
  let s = (TEXTS[lang] && TEXTS[lang][key]) || TEXTS.en[key] || key;
  for (const [k, v] of Object.entries(values || {})) s = s.replace("{" + k + "}", v);
  return s;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// ---- uploading ----------------------------------------------------------------------------------------
const input = document.getElementById("photo");
if (!matchMedia("(pointer: coarse)").matches) input.multiple = true;  // a computer picks several at once
input.addEventListener("change", () => { for (const f of input.files) upload(f); input.value = ""; });
const drop = document.getElementById("drop");
drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", (e) => {
  e.preventDefault(); drop.classList.remove("over");
  for (const f of e.dataTransfer.files) upload(f);
});

async function upload(file) {
  const card = el("section", {class: "sheet"}, el("h2", {}, file.name), el("p", {class: "hint"}, t("reading")));
  document.getElementById("sheets").prepend(card);
  const form = new FormData();
  form.append("image", file);
  let answer;
  try {
    const r = await fetch("page/scan?lang=" + encodeURIComponent(lang), {method: "POST", body: form});
    answer = await r.json();
  } catch (err) {
    card.replaceChildren(el("h2", {}, file.name), el("p", {class: "error"}, String(err)));
    return;
  }
  const objects = answer.scan ? (Array.isArray(answer.scan) ? answer.scan : [answer.scan]) : [];
  const errors = answer.errors || [];
  const cards = [];
  let k = 0;
  for (const o of objects) {
    if (o.error && !o.transcription) { errors.push({message: o.error}); continue; }
    cards.push(sheetCard(file.name, o, answer.sheets[k++]));
  }
  for (const e of errors) {
    cards.push(el("section", {class: "sheet"}, el("h2", {}, file.name + " — " + t("failed")),
                  el("p", {class: "failed"}, e.message)));
  }
  card.replaceWith(...cards);
}

// ---- one sheet --------------------------------------------------------------------------------------
function sheetCard(name, scan, files) {
  const s = {scan, files, model: model(scan.transcription), edited: new Set(), check: scan.check};
  sheets.push(s);
  const where = scan.position !== "full" ? ` (${scan.position})` : "";
  s.summary = el("div", {class: "summary"});
  s.verdict = el("div", {class: "verdict"});
  const img = el("img", {src: "data:image/png;base64," + files.overlay, alt: name});
  s.picture = el("div", {class: "picture"}, img);
  img.addEventListener("load", () => drawBoxes(s, img.naturalWidth, img.naturalHeight));
  s.yamlLink = el("a", {download: files.name}, t("download_yaml"));
  s.yamlLink.dataset.t = "download_yaml";
  const overlay = el("a", {download: files.name.replace(/\.yaml$/, ".read.png"),
                           href: "data:image/png;base64," + files.overlay}, t("download_overlay"));
  overlay.dataset.t = "download_overlay";
  s.el = el("section", {class: "sheet"}, el("h2", {}, name + where), s.summary, s.picture, s.verdict,
            el("div", {class: "downloads"}, s.yamlLink, overlay));
  showVerdict(s);
  updateYaml(s);
  return s.el;
}

// The transcription as the boxes see it: lists by position (null: empty), circles one by one.
function model(tr) {
  const m = JSON.parse(JSON.stringify(tr));
  m.orange = [...tr.orange]; m.purple = [...tr.purple]; m.claimed = {...(tr.claimed || {})};
  for (const track of ["rerolls", "extra_dice"]) {
    const c = tr[track];
    m["_" + track] = c ? Array.from({length: 20}, (_, i) => i < c.used ? "used" : i < c.earned ? "earned" : "empty")
                       : null;
  }
  return m;
}

function transcription(m) {
  const out = {};
  for (const [k, v] of Object.entries(m)) if (!k.startsWith("_")) out[k] = v;
  for (const f of ["orange", "purple"]) {
    const i = m[f].indexOf(null);
    out[f] = i < 0 ? [...m[f]] : m[f].slice(0, i);  // written left to right: the first empty box ends it
  }
  for (const track of ["rerolls", "extra_dice"]) {
    const states = m["_" + track];
    if (states) out[track] = {earned: states.filter((x) => x !== "empty").length,
                              used: states.filter((x) => x === "used").length};
  }
  if (!Object.keys(m.claimed).length) delete out.claimed;
  return out;
}

function current(s, e) {
  const m = s.model;
  switch (e.kind) {
    case "cross": return (e.field === "yellow" ? m.yellow[e.row] : m.blue).includes(e.value);
    case "count": return m.green >= e.position;
    case "number": return m[e.field][e.position] ?? null;
    case "circle": return m["_" + e.field] ? m["_" + e.field][e.position] : "empty";
    case "claim": return m.claimed[e.key] ?? null;
  }
  return null;
}

function setValue(s, e, v) {
  const m = s.model;
  if (e.kind === "cross") {
    const list = e.field === "yellow" ? m.yellow[e.row] : m.blue;
    const i = list.indexOf(e.value);
    if (v && i < 0) list.push(e.value); else if (!v && i >= 0) list.splice(i, 1);
    list.sort((a, b) => a - b);
  } else if (e.kind === "count") {
    m.green = v ? Math.max(m.green, e.position) : Math.min(m.green, e.position - 1);
  } else if (e.kind === "number") {
    const list = m[e.field];
    while (list.length <= e.position) list.push(null);
    list[e.position] = v;
    while (list.length && list[list.length - 1] === null) list.pop();
  } else if (e.kind === "circle") {
    if (!m["_" + e.field]) m["_" + e.field] = Array(20).fill("empty");
    m["_" + e.field][e.position] = v;
  } else if (e.kind === "claim") {
    if (v === null) delete m.claimed[e.key]; else m.claimed[e.key] = v;
  }
}

function shown(e, v) {
  if (v === null || v === false || v === "empty") return "–";
  if (v === true) return "X";
  if (v === "earned") return "O";
  if (v === "used") return "OX";
  return String(v);
}

function drawBoxes(s, w, h) {
  s.picture.querySelectorAll(".box").forEach((b) => b.remove());
  for (const b of s.files.boxes) {
    const key = b.area + ":" + b.index;
    const button = el("button", {type: "button", class: "box " + b.state + (s.edited.has(key) ? " edited" : ""),
                                 "aria-label": `${b.area} ${b.index}`, "data-area": b.area, "data-index": b.index,
                                 style: `left:${100 * b.x / w}%;top:${100 * b.y / h}%;` +
                                        `width:${100 * b.w / w}%;height:${100 * b.h / h}%`});
    if (s.edited.has(key)) button.append(el("span", {class: "val"}, shown(b.edit, current(s, b.edit))));
    button.addEventListener("click", () => edit(s, b));
    s.picture.append(button);
  }
}

// ---- correcting a box ---------------------------------------------------------------------------------
const dialog = document.getElementById("editor");

function edit(s, b) {
  const e = b.edit;
  const area = t("area_" + (b.area === "score" ? b.index : b.area));
  document.getElementById("editor-title").textContent =
    `${area === "area_" + b.area ? b.area : area} ${b.area === "score" ? "" : Number(b.index) + 1}`;
  const entry = document.getElementById("editor-entry");
  const choices = document.getElementById("editor-choices");
  choices.replaceChildren();
  const done = (v) => { setValue(s, e, v); s.edited.add(b.area + ":" + b.index); dialog.close(); changed(s); };
  const now = current(s, e);
  const pick = (label, v, wide) => {
    const button = el("button", {type: "button", class: (now === v ? "on " : "") + (wide ? "wide" : "")}, label);
    button.addEventListener("click", () => done(v));
    choices.append(button);
  };
  if (e.kind === "cross" || e.kind === "count") {
    entry.textContent = shown(e, now);
    pick("X " + t("cross"), true, true); pick(t("empty"), false, true);
  } else if (e.kind === "circle") {
    entry.textContent = shown(e, now);
    pick(t("empty"), "empty", true); pick("O " + t("earned"), "earned", true); pick("OX " + t("used"), "used", true);
  } else {  // a number: a keypad; only the values the box may hold are taken
    let typed = now === null ? "" : String(now);
    const allowed = new Set(e.choices);
    const show = () => { entry.textContent = typed || "–"; ok.disabled = typed !== "" && !allowed.has(+typed); };
    const ok = el("button", {type: "button", class: "key-ok"}, "OK");
    for (const d of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0"]) {
      const key = el("button", {type: "button", class: "key"}, d);
      key.addEventListener("click", () => { typed = d === "⌫" ? typed.slice(0, -1) : (typed + d).slice(0, 3); show(); });
      choices.append(key);
    }
    ok.addEventListener("click", () => done(typed === "" ? null : +typed));
    choices.append(ok);
    pick(t("empty"), null, true);
    show();
  }
  dialog.showModal();
}

async function changed(s) {
  drawBoxes(s, s.picture.querySelector("img").naturalWidth, s.picture.querySelector("img").naturalHeight);
  updateYaml(s);
  await recheck(s);
}

async function recheck(s) {
  const r = await fetch("api/check?lang=" + encodeURIComponent(lang),
                        {method: "POST", body: JSON.stringify(transcription(s.model)),
                         headers: {"Content-Type": "application/json"}});
  s.check = await r.json();
  showVerdict(s);
}

function showVerdict(s) {
  const c = s.check;
  const v = s.verdict;
  v.replaceChildren();
  s.summary.replaceChildren();
  if (c.errors) { v.append(el("p", {class: "error"}, c.errors.map((e) => e.text || e.message).join("\n"))); return; }
  // kept in sight (sticky) while the person taps boxes on the sheet below it
  const claimsWrong = c.claims.some((x) => !x.ok);
  const open = s.scan.uncertain.filter((u) => !s.edited.has(u.area + ":" + u.index)).length;
  s.summary.append(
    el("span", {class: "sum-total"}, t("total") + " ", el("b", {class: "total-value"}, String(c.score.total))),
    el("span", {class: "badge " + (c.legal ? "ok" : "bad") + " verdict-text"}, t(c.legal ? "legal" : "illegal")),
    claimsWrong ? el("span", {class: "badge bad"}, t("claims_wrong")) : null,
    el("span", {class: "badge " + (open ? "unsure" : "ok")}, open ? t("uncertain", {n: open}) : t("all_sure")),
    el("span", {class: "hint"}, t("tap_hint")));
  const grid = el("div", {class: "scores"});
  for (const area of ["yellow", "blue", "green", "orange", "purple"]) {
    grid.append(el("div", {}, t("area_" + area), el("b", {}, String(c.score[area]))));
  }
  grid.append(el("div", {}, t("foxes"), el("b", {}, `${c.score.foxes * c.score.fox_value}`),
                 `${c.score.foxes} × ${c.score.fox_value}`));
  grid.append(el("div", {class: "total"}, t("total"), el("b", {}, String(c.score.total))));
  v.append(grid);
  if (c.violations.length) {
    v.append(el("h3", {}, t("broken")), el("ul", {}, ...c.violations.map((x) => el("li", {}, x.message))));
  }
  if (c.claims.length) {
    const rows = c.claims.map((x) => el("tr", {class: x.ok ? "" : "wrong"},
      el("td", {}, t("area_" + x.key)), el("td", {}, String(x.claimed)), el("td", {}, String(x.computed))));
    v.append(el("h3", {}, t("claims")),
             el("table", {class: "claims"}, el("tr", {}, el("th", {}, ""), el("th", {}, t("claimed")),
                                                 el("th", {}, t("computed"))), ...rows));
  }
  if (c.notes.length) v.append(el("ul", {}, ...c.notes.map((n) => el("li", {}, n))));
}

// The transcription in `printkit check`'s YAML: the scan's own file until a box is corrected.
function updateYaml(s) {
  let text = s.files.yaml;
  if (s.edited.size) {
    const flow = (x) => Array.isArray(x) ? "[" + x.map(flow).join(", ") + "]"
      : x !== null && typeof x === "object" ? "{" + Object.entries(x).map(([k, y]) => `${k}: ${flow(y)}`).join(", ") + "}"
      : String(x);
    const tr = transcription(s.model);
    text = "# corrected in printkit serve from " + (s.files.yaml.split("\n")[0].replace(/^# /, "")) + "\n" +
      Object.entries(tr).map(([k, x]) => `${k}: ${flow(x)}`).join("\n") + "\n";
  }
  s.yamlLink.href = "data:application/yaml;charset=utf-8," + encodeURIComponent(text);
}

// ---- language -------------------------------------------------------------------------------------------
document.getElementById("lang").addEventListener("change", async (e) => {
  lang = e.target.value;
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-t]").forEach((n) => { n.textContent = t(n.dataset.t); });
  history.replaceState(null, "", "?lang=" + encodeURIComponent(lang));
  placeSummary();
  for (const s of sheets) await recheck(s);  // the checker words its findings in the language asked
});

// the sheet's summary sticks just under the header, whose height depends on the language and the screen
const header = document.querySelector("header");
const placeSummary = () => document.documentElement.style.setProperty("--head", header.offsetHeight + "px");
addEventListener("resize", placeSummary);
placeSummary();
