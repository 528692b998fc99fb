// gridreduce explorer: draws the model that `gridreduce explore` wrote into data.js
// (window.GRIDREDUCE_EXPLORER; docs/explorer.md describes every field). No dependencies.
(function () {
  "use strict";
  const M = window.GRIDREDUCE_EXPLORER;
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  if (!M) {
    document.body.textContent = "data.js is missing: run gridreduce explore again.";
    return;
  }
  const cellName = (c) => "r" + (Math.floor(c / M.cols) + 1) + "c" + ((c % M.cols) + 1);
  const state = { stage: 0, step: 0, pinned: -1, lit: -1 };
  const graph = $("graph");
  const cv = M.canvas;
  graph.setAttribute("viewBox", "0 0 " + cv.width + " " + cv.height);

  // Cell boxes of the graph, with their cell names: the frame the structural layout hangs on.
  const boxes = cv.boxes.map(function (b, c) {
    const r = document.createElementNS(SVG, "rect");
    r.setAttribute("x", b[0]); r.setAttribute("y", b[1]);
    r.setAttribute("width", cv.cell_w); r.setAttribute("height", cv.cell_h);
    r.setAttribute("rx", 4); r.setAttribute("class", "box");
    r.dataset.cell = c;
    $("layer-boxes").appendChild(r);
    const t = document.createElementNS(SVG, "text");
    t.setAttribute("x", b[0] + 2); t.setAttribute("y", b[1] + cv.cell_h + 10);
    t.setAttribute("class", "box-label");
    t.textContent = cellName(c);
    $("layer-boxes").appendChild(t);
    return r;
  });

  for (const l of cv.labels) {
    const t = document.createElementNS(SVG, "text");
    t.setAttribute("x", l.x); t.setAttribute("y", l.y);
    t.setAttribute("class", "unit-label");
    t.textContent = l.text;
    $("layer-boxes").appendChild(t);
  }

  // The puzzle grid: one button per cell, thick borders between blocks or regions.
  const grid = $("grid");
  grid.style.gridTemplateColumns = "repeat(" + M.cols + ", 44px)";
  const cells = M.givens.map(function (g, c) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "cell" + (g ? " given" : "");
    const r = Math.floor(c / M.cols), col = c % M.cols;
    if (r > 0 && M.region[c - M.cols] !== M.region[c]) b.classList.add("bt");
    if (col > 0 && M.region[c - 1] !== M.region[c]) b.classList.add("bl");
    b.dataset.cell = c;
    b.addEventListener("mouseenter", () => light(c));
    b.addEventListener("mouseleave", () => light(-1));
    b.addEventListener("focus", () => light(c));
    b.addEventListener("blur", () => light(-1));
    b.addEventListener("click", () => pin(c));
    grid.appendChild(b);
    return b;
  });
  boxes.forEach(function (r, c) {
    r.addEventListener("mouseenter", () => light(c));
    r.addEventListener("mouseleave", () => light(-1));
    r.addEventListener("click", () => pin(c));
  });

  // Size table: every stage, the current one marked.
  const tbody = document.querySelector("#sizes tbody");
  const sizeRows = {};
  M.sizes.forEach(function (s) {
    const tr = document.createElement("tr");
    tr.dataset.stage = s.stage;
    tr.innerHTML = "<td></td><td></td><td></td>";
    tr.children[0].textContent = s.stage;
    tr.children[1].textContent = s.vertices.toLocaleString("en");
    tr.children[2].textContent = s.edges.toLocaleString("en") + (s.directed ? " arcs" : "");
    tbody.appendChild(tr);
    sizeRows[s.stage] = tr;
  });

  const stageInput = $("stage");
  stageInput.max = M.stages.length - 1;
  const stepInput = $("step");
  let nodeEls = [];

  const S = () => M.stages[state.stage];
  const xy = (v) => { const n = S().nodes[v]; return n.x + " " + n.y; };

  function drawStage() {
    const st = S();
    $("stage-name").textContent = st.name;
    stageInput.setAttribute("aria-valuetext", st.name);
    $("count-vertices").textContent = st.nodes.length;
    $("count-edges").textContent = st.edges.length;
    $("edge-word").textContent = st.directed ? "arcs" : "edges";
    Object.keys(sizeRows).forEach((k) => sizeRows[k].classList.toggle("current", k === st.name));
    let d = "";
    for (const [a, b] of st.edges) d += "M" + xy(a) + "L" + xy(b);
    $("layer-edges").setAttribute("d", d);
    let cd = "";
    const sets = $("layer-clue-sets");
    sets.textContent = "";
    for (const arc of st.clue_arcs) {
      cd += "M" + xy(arc.from) + "L" + xy(arc.to);
      const p = st.nodes[arc.from], q = st.nodes[arc.to];
      const t = document.createElementNS(SVG, "text");
      t.setAttribute("x", (p.x + q.x) / 2); t.setAttribute("y", (p.y + q.y) / 2 - 1);
      t.textContent = arc.set;
      sets.appendChild(t);
    }
    $("layer-clues").setAttribute("d", cd);
    const g = $("layer-nodes");
    g.textContent = "";
    const r = st.nodes.length > 3000 ? 1.6 : st.nodes.length > 20 ? 2.4 : 6;
    nodeEls = st.nodes.map(function (n, i) {
      const c = document.createElementNS(SVG, "circle");
      c.setAttribute("cx", n.x); c.setAttribute("cy", n.y); c.setAttribute("r", r);
      c.setAttribute("class", "node " + n.role);
      c.dataset.v = i;
      g.appendChild(c);
      return c;
    });
    $("layer-cycle-all").setAttribute("d", st.cycle.length ? "M" + st.cycle.map(xy).join("L") + "Z" : "");
    stepInput.max = st.cycle.length;
    toggles();
    light(state.lit);
    setStep(Math.min(state.step, st.cycle.length));
  }

  function toggles() {
    const showClues = $("show-clues").checked;
    $("layer-clues").style.display = showClues ? "" : "none";
    $("layer-clue-sets").style.display = showClues ? "" : "none";
    const showCycle = $("show-cycle").checked;
    $("layer-cycle-all").style.display = showCycle ? "" : "none";
  }

  // Light the gadget of cell `c` (or the pinned cell when `c` is -1).
  function light(c) {
    state.lit = c;
    const show = c >= 0 ? c : state.pinned;
    const st = S();
    graph.classList.toggle("dim", show >= 0);
    let d = "";
    const on = new Uint8Array(st.nodes.length);
    st.nodes.forEach(function (n, i) {
      const lit = show >= 0 && n.cells.indexOf(show) >= 0;
      on[i] = lit ? 1 : 0;
      if (nodeEls[i]) nodeEls[i].classList.toggle("lit", lit);
    });
    if (show >= 0) for (const [a, b] of st.edges) if (on[a] && on[b]) d += "M" + xy(a) + "L" + xy(b);
    $("layer-lit-edges").setAttribute("d", d);
    boxes.forEach((b, i) => b.classList.toggle("lit", i === show));
    cells.forEach((b, i) => b.classList.toggle("lit", i === show));
    if (M.cnf) showClauses(show);
  }

  // The CNF panel (`explore --to cnf`): the clauses that mention a variable of cell `c`, numbered
  // as in the DIMACS export, each literal named `r2c5#7` ("r2c5 holds 7", ¬ when negated); the
  // literals the solution's witness makes true are bold, so every clause shows why it holds.
  const CNF_HINT = "Hover or pin a cell: the clauses that mention it; literals true under the solution's witness are bold.";
  if (M.cnf) {
    $("cnf-panel").hidden = false;
    $("cnf-summary").textContent = M.cnf.encoding + " · " + M.cnf.variables.toLocaleString("en") +
      " variables · " + M.cnf.clauses.length.toLocaleString("en") + " clauses";
    $("cnf-info").textContent = CNF_HINT;
  }
  function showClauses(c) {
    const list = $("cnf-clauses");
    list.textContent = "";
    if (c < 0) { $("cnf-info").textContent = CNF_HINT; return; }
    const idx = M.cnf.by_cell[c];
    $("cnf-info").textContent = cellName(c) + ": " + idx.length + " clauses";
    for (const i of idx) {
      const li = document.createElement("li");
      li.value = i + 1;
      M.cnf.clauses[i].forEach(function (l, k) {
        if (k) li.appendChild(document.createTextNode(" ∨ "));
        const x = Math.abs(l);
        const span = document.createElement("span");
        span.textContent = (l < 0 ? "¬" : "") + M.cnf.names[x - 1];
        span.className = "cnf-literal" + (M.cnf.witness[x - 1] === (l > 0) ? " cnf-true" : "");
        li.appendChild(span);
      });
      list.appendChild(li);
    }
  }

  function pin(c) {
    state.pinned = state.pinned === c ? -1 : c;
    cells.forEach((b, i) => b.classList.toggle("pinned", i === state.pinned));
    light(state.lit);
  }

  // Walk the cycle to step `s` (0 … length): draw the walked part, fill the grid with every
  // value decoded before it.
  function setStep(s) {
    const st = S();
    const n = st.cycle.length;
    s = Math.max(0, Math.min(n, s));
    state.step = s;
    stepInput.value = s;
    $("step-text").textContent = s + " / " + n;
    stepInput.setAttribute("aria-valuetext", "step " + s + " of " + n);
    const walked = st.cycle.slice(0, s);
    let d = walked.length ? "M" + walked.map(xy).join("L") : "";
    if (s === n && n) d += "Z";
    $("layer-cycle").setAttribute("d", d);
    const cur = $("current");
    if (s > 0) {
      const v = st.nodes[st.cycle[s - 1]];
      cur.setAttribute("cx", v.x); cur.setAttribute("cy", v.y); cur.style.display = "";
    } else cur.style.display = "none";
    const shown = M.givens.slice();
    let last = null;
    for (const e of st.decode) {
      if (e.step < s) { shown[e.cell] = e.value; last = e; }
    }
    cells.forEach(function (b, c) {
      b.textContent = shown[c] ? shown[c] : "";
      b.classList.toggle("just", last !== null && last.cell === c && !M.givens[c]);
      b.setAttribute("aria-label", cellName(c) + (M.givens[c] ? " given " : " ") + (shown[c] || "empty"));
    });
    const info = $("step-info");
    if (s === 0) {
      info.textContent = "Step 0: nothing walked yet. → or 'next' walks the cycle; the grid fills as it decodes.";
    } else {
      const v = st.cycle[s - 1];
      const here = st.decode.filter((e) => e.step === s - 1);
      info.textContent = "Step " + s + ": at " + st.nodes[v].label +
        (here.length ? " — decodes " + here.map((e) => cellName(e.cell) + " = " + e.value).join(", ") : "") +
        (s === n ? ". Cycle closed: the grid is the solution." : "");
    }
  }

  function nextValue() {
    const e = S().decode.find((e) => e.step >= state.step);
    setStep(e ? e.step + 1 : S().cycle.length);
  }

  // Vertex hover: label, cell, value in a tooltip and in the side panel.
  const tip = $("tooltip");
  graph.addEventListener("mouseover", function (ev) {
    const v = ev.target.dataset && ev.target.dataset.v;
    if (v === undefined) return;
    const n = S().nodes[+v];
    const where = n.cells.length ? n.cells.map(cellName).join(", ") : "no cell";
    const text = n.label + " · " + where + (n.value ? " · value " + n.value : "");
    tip.textContent = text;
    tip.hidden = false;
    const box = $("graph-panel").getBoundingClientRect();
    tip.style.left = (ev.clientX - box.left + 12) + "px";
    tip.style.top = (ev.clientY - box.top + 12) + "px";
    $("vertex-info").textContent = "Vertex " + v + ": " + text;
    ev.target.classList.add("hover");
  });
  graph.addEventListener("mouseout", function (ev) {
    if (ev.target.dataset && ev.target.dataset.v !== undefined) {
      ev.target.classList.remove("hover");
      tip.hidden = true;
    }
  });

  stageInput.addEventListener("input", function () {
    const atEnd = state.step === S().cycle.length;
    state.stage = +stageInput.value;
    if (atEnd) state.step = S().cycle.length;
    drawStage();
  });
  stepInput.addEventListener("input", () => setStep(+stepInput.value));
  $("show-clues").addEventListener("change", toggles);
  $("show-cycle").addEventListener("change", toggles);
  $("btn-start").addEventListener("click", () => setStep(0));
  $("btn-back").addEventListener("click", () => setStep(state.step - 1));
  $("btn-next").addEventListener("click", () => setStep(state.step + 1));
  $("btn-next-value").addEventListener("click", nextValue);
  $("btn-end").addEventListener("click", () => setStep(S().cycle.length));
  // Arrow keys step the cycle anywhere but in the sliders (which handle their own arrows).
  document.addEventListener("keydown", function (ev) {
    if (ev.target instanceof HTMLInputElement) return;
    const k = ev.key;
    if (k === "ArrowRight") setStep(state.step + (ev.shiftKey ? 10 : 1));
    else if (k === "ArrowLeft") setStep(state.step - (ev.shiftKey ? 10 : 1));
    else if (k === "PageDown") nextValue();
    else if (k === "Home") setStep(0);
    else if (k === "End") setStep(S().cycle.length);
    else return;
    ev.preventDefault();
  });

  $("title").textContent = M.name + " — " + M.kind + " " + M.rows + "×" + M.cols;
  document.title = M.name + " · gridreduce explorer";
  drawStage();
})();
