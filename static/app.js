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
    markHintedCard();
  });

  // The hint names a card: mark it in the hand (until the table is swapped again).
  function markHintedCard() {
    var hint = document.querySelector("#hint [data-card-hint]");
    if (!hint) return;
    var card = document.querySelector('.hand button[data-card="' + hint.dataset.cardHint + '"]:not([disabled])');
    if (card) card.classList.add("hinted");
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (target && target.id === "hint") return focusOn(document.getElementById("hint"));
    var wrap = document.querySelector("#game > .table-wrap");
    if (!wrap) return focusOn(document.querySelector("#game .notice, #game h2"));
    keepScoreSheet(wrap);
    var log = wrap.querySelector("#game-log");
    if (log) log.scrollTop = log.scrollHeight;      // the newest event in view
    replayActions(wrap, function () {
      settleFocus(wrap); keyboardPlay = false;
      document.dispatchEvent(new CustomEvent("doppelkopf:settled", { detail: wrap }));
    });
  });

  // After an answer the old focus is gone with the old table: put it where the player goes on.
  function settleFocus(wrap) {
    if (document.activeElement && document.activeElement !== document.body) return;
    if (keyboardPlay) return focusHand();
    focusOn(wrap.querySelector("#game .notice") || wrap.querySelector(
      ".controls [data-reservation], .controls [data-declare], [data-action=next-deal], .controls .primary") ||
      playableCards()[0] || wrap.querySelector(".status"));
  }

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
    var number = document.createElement("button");     // as the template's: opens the deal's review
    number.type = "button";
    number.className = "link";
    number.dataset.reviewDeal = row.number;
    number.textContent = row.number;
    tr.insertCell().appendChild(number);
    var game = tr.insertCell();
    game.className = "game";
    game.title = game.textContent = row.game;
    row.scores.forEach(function (score, seat) {
      var cell = tr.insertCell();
      cell.className = "num";
      cell.textContent = score > 0 ? "+" + score : String(score);
      var total = document.createElement("span"), table = document.getElementById("score-sheet");
      total.className = "total";
      total.title = table.dataset.runningTitle;
      total.textContent = table.dataset.running.replace("{total}", row.totals[seat]);
      cell.appendChild(total);
    });
    return tr;
  }

  function focusOn(element) {
    if (!element) return;
    if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
  }

  // ----- one action at a time -----------------------------------------------------------------
  // The answer holds the table after all of the computers' actions and, in #trick-replay, one frame
  // per action. Until the frames are shown, turn marker, counters, last-trick panel, game log and
  // hand follow the frame on show, so the table never runs ahead of its cards. Reduced motion keeps
  // the pacing (the cards just do not move); speed "off" jumps to the end.

  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }

  function replayActions(wrap, done) {
    var replay = wrap.querySelector("#trick-replay");
    var delay = Number(wrap.dataset.animationMs) || 0;
    if (!replay) return done();
    var frames = all(replay, ".frame");
    if (!delay || !frames.length) {
      announce(frames.map(function (frame) { return frame.dataset.say; }).join(". "));
      keepCallBubbles(wrap, frames);
      finishReplay(wrap, replay);
      return done();
    }
    var trick = wrap.querySelector("#trick");
    var final = captureFinal(wrap);
    var waiting = wrap.querySelectorAll(".controls, #deal-result");
    setInert(waiting, true);
    holdHand(wrap, true);
    wrap.classList.add("replaying");
    trick.hidden = true;
    replay.hidden = false;
    // The badges of calls and reservations still to come wait for their frame.
    var said = frames.map(function (frame) { return saidBadges(wrap, frame.dataset); });
    said.forEach(function (badges) { badges.forEach(function (badge) { badge.hidden = true; }); });
    var index = 0;
    (function step() {
      if (index > 0) frames[index - 1].classList.add("past");
      if (index < frames.length && frames[index].dataset.fresh) {
        frames.slice(0, index).forEach(function (frame) { frame.hidden = true; });
      }
      if (index === frames.length || !replay.isConnected) {
        showState(wrap, final);
        finishReplay(wrap, replay);
        trick.hidden = false;
        wrap.classList.remove("replaying");
        setInert(waiting, false);
        holdHand(wrap, false);
        return done();
      }
      said[index].forEach(function (badge) { badge.hidden = false; });
      var frame = frames[index++];
      showState(wrap, frameState(frame));
      frame.hidden = false;
      // static/sound.js listens: a cue sounds with the frame it belongs to, not ahead of it.
      document.dispatchEvent(new CustomEvent("doppelkopf:frame", { detail: frame }));
      announce(frame.dataset.say);
      // A completed trick stays a little longer so the player sees who took it; a call too.
      setTimeout(step, frame.dataset.complete || frame.dataset.kind !== "play" ? delay * 3 : delay);
    })();
  }

  // Speed "off" shows no frames, but a call is still a moment of its own: each seat's latest call
  // bubble stays on the table until the next answer replaces it.
  function keepCallBubbles(wrap, frames) {
    var trick = wrap.querySelector("#trick"), latest = {};
    frames.forEach(function (frame) { if (frame.dataset.kind === "call") latest[frame.dataset.seat] = frame; });
    Object.keys(latest).forEach(function (seat) {
      var bubble = latest[seat].querySelector(".bubble");
      if (trick && bubble) trick.appendChild(bubble);
    });
  }

  function saidBadges(wrap, state) {
    var seat = '.seat[data-seat="' + state.seat + '"] ';
    if (state.kind === "call") return all(wrap, seat + '[data-called="' + state.value + '"]');
    if (state.kind === "reservation") return all(wrap, seat + "[data-said]");
    return [];
  }

  function finishReplay(wrap, replay) {
    all(wrap, ".seat [data-called], .seat [data-said]").forEach(function (badge) { badge.hidden = false; });
    replay.remove();
    all(wrap, ".last-trick-content:not(:last-of-type)").forEach(function (old) { old.remove(); });
  }

  // What the server rendered for the end: put back once the frames are shown.
  function captureFinal(wrap) {
    var turn = wrap.querySelector(".seat[data-turn]");
    var leader = wrap.querySelector(".seat[data-leader]");
    return {
      turn: turn ? turn.dataset.seat : "", leader: leader ? leader.dataset.seat : "",
      trick: wrap.querySelector("#trick").dataset.trick,
      tricks: all(wrap, ".seat .count-tricks").map(function (e) { return e.dataset.tricks; }).join(","),
      cardsLeft: all(wrap, ".seat").map(function (seat) {
        var count = seat.querySelector(".count-cards"); return count ? count.dataset.cards : ""; }).join(","),
      lastTrick: (wrap.querySelector(".last-trick-content:last-of-type") || { dataset: {} }).dataset.lastTrick || "",
      step: "",
      eyes: (wrap.querySelector("#eye-counter") || { dataset: {} }).dataset.eyes || "",
      parties: all(wrap, ".seat").map(function (seat) { return seat.dataset.party || ""; }).join(","),
    };
  }

  // A frame's attributes (data-frame-*, so that only the seat carries data-turn) as showState reads them.
  function frameState(frame) {
    var data = frame.dataset;
    return {
      turn: data.frameTurn, leader: data.frameLeader, trick: data.frameTrick, tricks: data.frameTricks,
      cardsLeft: data.cardsLeft, lastTrick: data.lastTrick, step: data.step, eyes: data.eyes || "",
      parties: data.frameParties,
    };
  }

  // The party badges (Re/Kontra, the Hochzeit and its partner) as far as the parties are public then.
  function showParty(seat, party) {
    toggleAttr(seat, "data-party", !!party, party);
    all(seat, '[data-badge="party"], [data-badge="hochzeit"], [data-badge="partner"]').forEach(function (badge) {
      badge.hidden = !party;
    });
  }

  function showState(wrap, state) {
    var parties = state.parties === undefined ? null : state.parties.split(",");
    all(wrap, ".seat").forEach(function (seat) {
      var id = seat.dataset.seat;
      if (parties) showParty(seat, parties[id]);
      toggleAttr(seat, "data-turn", id === state.turn);
      toggleAttr(seat, "aria-current", id === state.turn, "true");
      toggleAttr(seat, "data-leader", id === state.leader);
      var tricks = state.tricks.split(",")[id], left = state.cardsLeft.split(",")[id];
      setCount(seat.querySelector(".count-tricks"), "tricks", tricks, wrap.dataset.textTricks);
      setCount(seat.querySelector(".count-cards"), "cards", left, left === "1" ? wrap.dataset.textCard : wrap.dataset.textCards);
    });
    var trick = wrap.querySelector("#trick");
    var label = wrap.querySelector(".trick-number");
    if (state.trick) {
      trick.dataset.trick = state.trick;
      if (label) label.textContent = label.dataset.text.replace("{number}", state.trick);
    }
    all(wrap, "#last-trick [data-last-trick]").forEach(function (panel) {
      panel.hidden = panel.dataset.lastTrick !== state.lastTrick;
    });
    all(wrap, "#game-log > li[data-step]").forEach(function (entry) {
      entry.hidden = state.step !== "" && Number(entry.dataset.step) > Number(state.step);
    });
    var eyes = wrap.querySelector("#eye-counter");
    if (eyes && state.eyes) {
      var value = state.eyes.split(",");
      eyes.dataset.eyes = state.eyes;
      eyes.textContent = eyes.dataset.text.replace("{re}", value[0]).replace("{kontra}", value[1]).replace("{unknown}", value[2]);
    }
    var log = wrap.querySelector("#game-log");
    if (log) log.scrollTop = log.scrollHeight;      // the newest event in view
  }

  function setCount(element, name, value, text) {
    if (!element || value === undefined || value === "") return;
    element.dataset[name] = value;
    element.textContent = text.replace("{count}", value);
  }

  function toggleAttr(element, name, on, value) {
    if (on) element.setAttribute(name, value || "");
    else element.removeAttribute(name);
  }

  // While the computers' cards arrive, no card of the hand is playable (and none says why not yet).
  function holdHand(wrap, hold) {
    all(wrap, ".hand button.card").forEach(function (card) {
      if (hold && !card.disabled) { card.disabled = true; card.dataset.held = "true"; }
      else if (!hold && card.dataset.held) { card.disabled = false; delete card.dataset.held; }
    });
    var hint = wrap.querySelector("#hand-hint");
    if (hint) hint.hidden = hold;
  }

  function setInert(elements, inert) {
    Array.prototype.forEach.call(elements, function (element) { element.inert = inert; });
  }

  // The one live region of the page (outside the table, which every answer replaces).
  // Screen readers skip a text that equals the one before ("Anna hat den Stich" twice): the same
  // words then get a trailing no-break space, so the region's text changes and is read again.
  function announce(text) {
    var region = document.getElementById("announcer");
    if (!region || !text) return;
    region.textContent = region.textContent === text ? text + "\u00a0" : text;
  }

  // ----- keyboard -----------------------------------------------------------------------------

  function playableCards() {
    return Array.prototype.slice.call(document.querySelectorAll(".hand button.card:not([disabled])"));
  }

  function focusHand() {
    var cards = playableCards();
    if (cards.length) cards[0].focus();
  }

  // Shortcuts: H for the hint, N for the next deal, Z to take back, 1-6 for the calls offered (in their order).
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var tag = event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var key = event.key.toLowerCase();
    var target = key === "h" ? document.querySelector("[data-action=hint]")
      : key === "n" ? document.querySelector("[data-action=next-deal]")
      : key === "z" ? document.querySelector("[data-action=undo]")
      : /^[1-6]$/.test(key) ? document.querySelectorAll(".controls [data-call]")[Number(key) - 1] : null;
    if (!target || target.closest("[inert]")) return;
    event.preventDefault();
    target.focus();
    target.click();
  });

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

  // ----- guarding against slips ----------------------------------------------------------------
  // An Absage (and starting anew during a game) asks first: the button says what it will do and
  // the same button pressed again does it. On a touch screen a tap lifts a card, a second tap
  // plays it. A played card leaves the hand at once; the answer puts it back if it was refused.

  var lastPointer = "mouse";
  document.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType; }, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button");
    if (!button || button.disabled) return;
    if (button.dataset.confirmText && !button.dataset.armed) {
      stop(event);
      return arm(button);
    }
    var card = button.closest(".hand button.card");
    if (!card) return;
    if (lastPointer === "touch" && !card.classList.contains("lifted")) {
      stop(event);
      all(document, ".hand .card.lifted").forEach(function (other) { other.classList.remove("lifted"); });
      return card.classList.add("lifted");
    }
    lastPointer = "mouse";
    card.closest(".hand-slot").classList.add("played");
  }, true);

  function stop(event) { event.preventDefault(); event.stopPropagation(); }

  function arm(button) {
    var text = button.textContent;
    button.dataset.armed = "true";
    button.textContent = button.dataset.confirmText;
    setTimeout(function () {
      if (!button.isConnected) return;
      delete button.dataset.armed;
      button.textContent = text;
    }, 6000);
  }

  // No answer, or one without a table: the card goes back into the hand (a refusal comes with the table).
  function unplay() {
    all(document, ".hand-slot.played").forEach(function (slot) { slot.classList.remove("played"); });
  }
  document.addEventListener("htmx:sendError", unplay);
  document.addEventListener("htmx:responseError", unplay);

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
