// The page's own behaviour besides htmx: keep the sealed game token, animate the computer players'
// cards one at a time, keyboard moves in the hand, saving a deal record. No framework.
(function () {
  "use strict";

  var TOKEN_KEY = "doppelkopf.token";
  var keyboardPlay = false;   // the last card was chosen with the keyboard: put focus back into the hand

  function storedToken() {
    try { return localStorage.getItem(TOKEN_KEY); } catch (e) { return null; }
  }

  // Every request carries the token; every answer that has a new one replaces it. A token the
  // server cannot read stays stored until the user starts a new game (which answers with a new one).
  document.addEventListener("htmx:configRequest", function (event) {
    var token = storedToken();
    if (token) event.detail.headers["X-Game-Token"] = token;
  });

  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var token = event.detail.xhr.getResponseHeader("X-Game-Token");
    if (token) {
      try { localStorage.setItem(TOKEN_KEY, token); } catch (e) { /* private mode: play on without resume */ }
    }
  });

  document.addEventListener("htmx:sendError", function () {
    var game = document.getElementById("game");
    if (!game || document.getElementById("offline")) return;
    var note = document.createElement("p");
    note.id = "offline";
    note.className = "notice";
    note.setAttribute("role", "alert");
    note.textContent = game.dataset.offline;
    game.prepend(note);
  });

  document.addEventListener("htmx:afterSwap", function () {
    var wrap = document.querySelector("#game > .table-wrap");
    if (wrap && wrap.dataset.lang) document.documentElement.lang = wrap.dataset.lang;
  });

  document.addEventListener("htmx:afterSettle", function () {
    var wrap = document.querySelector("#game > .table-wrap");
    if (!wrap) return;
    keepScoreSheet(wrap);
    replayComputerCards(wrap, function () { if (keyboardPlay) focusHand(); keyboardPlay = false; });
  });

  // ----- the whole score sheet -----------------------------------------------------------------
  // The token carries only the recent rows of the score sheet (it travels with every request); the
  // browser keeps every row of the current game and puts the earlier ones back above them.

  var SHEET_KEY = "doppelkopf.sheet";

  function keepScoreSheet(wrap) {
    var shown = Array.prototype.slice.call(document.querySelectorAll("#score-sheet tbody tr[data-number]"));
    if (!shown.length) return;
    var first = Number(shown[0].dataset.number);
    var sheet;
    try { sheet = JSON.parse(localStorage.getItem(SHEET_KEY)); } catch (e) { sheet = null; }
    if (!sheet || sheet.game !== wrap.dataset.gameId || !Array.isArray(sheet.rows)) {
      sheet = { game: wrap.dataset.gameId, rows: [] };
    }
    var earlier = sheet.rows.filter(function (row) { return row.number < first; });
    earlier.forEach(function (row) { shown[0].parentNode.insertBefore(sheetRow(row), shown[0]); });
    sheet.rows = earlier.concat(shown.map(function (tr) {
      return { number: Number(tr.dataset.number), game: tr.cells[1].textContent,
               scores: tr.dataset.scores.split(",").map(Number), totals: tr.dataset.totals.split(",").map(Number) };
    }));
    try { localStorage.setItem(SHEET_KEY, JSON.stringify(sheet)); } catch (e) { /* full or private: recent rows only */ }
  }

  function sheetRow(row) {       // the same cells as templates/partials/score_sheet.html
    var tr = document.createElement("tr");
    tr.className = "earlier";
    tr.dataset.number = row.number;
    tr.dataset.scores = row.scores.join(",");
    tr.dataset.totals = row.totals.join(",");
    [String(row.number), row.game].forEach(function (text) { tr.insertCell().textContent = text; });
    row.scores.forEach(function (score, seat) {
      var cell = tr.insertCell();
      cell.className = "num";
      cell.textContent = score > 0 ? "+" + score : String(score);
      var total = document.createElement("span");
      total.className = "total";
      total.textContent = row.totals[seat];
      cell.appendChild(total);
    });
    return tr;
  }

  // ----- one card at a time -----------------------------------------------------------------

  function prefersReducedMotion() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function replayComputerCards(wrap, done) {
    var replay = wrap.querySelector("#trick-replay");
    var delay = Number(wrap.dataset.animationMs) || 0;
    if (!replay) return done();
    var frames = Array.prototype.slice.call(replay.querySelectorAll(".frame"));
    if (!delay || prefersReducedMotion() || !frames.length) { replay.remove(); return done(); }
    var trick = wrap.querySelector("#trick");
    // Until the computers' cards are shown, the player's own choices wait.
    var waiting = wrap.querySelectorAll(".hand-area, .controls, #deal-result");
    setInert(waiting, true);
    wrap.classList.add("replaying");
    trick.hidden = true;
    replay.hidden = false;
    var index = 0;
    (function step() {
      if (index > 0) frames[index - 1].hidden = true;
      if (index === frames.length || !replay.isConnected) {
        replay.remove();
        trick.hidden = false;
        wrap.classList.remove("replaying");
        setInert(waiting, false);
        return done();
      }
      var frame = frames[index++];
      frame.hidden = false;
      // A completed trick stays a little longer so the player sees who took it.
      setTimeout(step, frame.dataset.complete ? delay * 3 : delay);
    })();
  }

  function setInert(elements, inert) {
    Array.prototype.forEach.call(elements, function (element) { element.inert = inert; });
  }

  // ----- keyboard -----------------------------------------------------------------------------

  function playableCards() {
    return Array.prototype.slice.call(document.querySelectorAll(".hand button.card:not([disabled])"));
  }

  function focusHand() {
    var cards = playableCards();
    if (cards.length) cards[0].focus();
  }

  document.addEventListener("keydown", function (event) {
    var card = event.target.closest && event.target.closest(".hand button.card");
    if (!card) return;
    if (event.key === "Enter" || event.key === " ") { keyboardPlay = true; return; }
    var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    var cards = playableCards();
    var next = cards[(cards.indexOf(card) + step + cards.length) % cards.length];
    if (next) { next.focus(); event.preventDefault(); }
  });

  // ----- saving a deal record (the link needs the token, which a plain link cannot send) ------

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-export]");
    if (!link) return;
    event.preventDefault();
    fetch(link.href, { headers: { "X-Game-Token": storedToken() || "" } })
      .then(function (response) { return response.ok ? response.blob() : Promise.reject(response); })
      .then(function (blob) {
        var url = URL.createObjectURL(blob);
        var save = document.createElement("a");
        save.href = url;
        save.download = link.getAttribute("download");
        document.body.appendChild(save);
        save.click();
        save.remove();
        setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
      })
      .catch(function () { /* nothing to save */ });
  });
})();
