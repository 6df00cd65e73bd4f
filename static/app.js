// The page's own behaviour besides htmx: keep the sealed game token, animate the computer players'
// cards one at a time, keyboard moves in the hand, saving a deal record. No framework.
(function () {
  "use strict";

  var TOKEN_KEY = "doppelkopf.token";
  var keyboardPlay = false;   // the last card was chosen with the keyboard: put focus back into the hand

  function storedToken() {
    try { return localStorage.getItem(TOKEN_KEY); } catch (e) { return null; }
  }

  // Replayed tokens (issue 21.11): the server keeps nothing, so the page remembers the newest step of
  // each recent game ("<game id>:<seq>" pairs, as the answers' X-Game-Step says them) and sends them
  // with every request; the server refuses a token of such a game at an earlier step (an older copy
  // put back would undo moves without the take-back mark or deal a seen deal again), and the page
  // never stores one.
  var NEWEST_KEY = "doppelkopf.newest", NEWEST_GAMES = 20;

  function newestSteps() {
    var text = null;
    try { text = localStorage.getItem(NEWEST_KEY); } catch (e) { /* private mode */ }
    return (text || "").split(",").map(function (pair) {
      var parts = pair.split(":");
      return { game: parts[0], seq: Number(parts[1]) };
    }).filter(function (step) { return step.game && Number.isInteger(step.seq); });
  }

  // Whether the answer's step may be stored: not when a later step of its game is stored already.
  function isNewest(step) {
    var parts = step.split(":"), game = parts[0], seq = Number(parts[1]);
    var steps = newestSteps(), known = steps.filter(function (s) { return s.game === game; })[0];
    if (known && known.seq > seq) return false;
    steps = [{ game: game, seq: seq }].concat(steps.filter(function (s) { return s.game !== game; }));
    try {
      localStorage.setItem(NEWEST_KEY, steps.slice(0, NEWEST_GAMES).map(function (s) { return s.game + ":" + s.seq; }).join(","));
    } catch (e) { /* private mode */ }
    return true;
  }

  // Every request carries the token; every answer that has a new one replaces it. A token the
  // server cannot read stays stored until the user starts a new game (which answers with a new one).
  document.addEventListener("htmx:configRequest", function (event) {
    var token = storedToken();
    if (token) event.detail.headers["X-Game-Token"] = token;
    var newest = null;
    try { newest = localStorage.getItem(NEWEST_KEY); } catch (e) { /* private mode */ }
    if (newest) event.detail.headers["X-Game-Newest"] = newest;
  });

  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var token = event.detail.xhr.getResponseHeader("X-Game-Token");
    var step = event.detail.xhr.getResponseHeader("X-Game-Step");
    if (step && !isNewest(step)) {             // an answer to an older state (another tab's race): keep ours
      event.preventDefault();
      return;
    }
    if (token) {
      try { localStorage.setItem(TOKEN_KEY, token); } catch (e) { /* private mode: play on without resume */ }
    }
  });

  document.addEventListener("htmx:sendError", showOffline);

  function showOffline() {
    var game = document.getElementById("game");
    if (!game || document.getElementById("offline")) return;
    var note = document.createElement("p");
    note.id = "offline";
    note.className = "notice";
    note.setAttribute("role", "alert");
    note.textContent = game.dataset.offline;
    game.prepend(note);
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var wrap = document.querySelector("#game > .table-wrap");
    if (wrap && wrap.dataset.lang) document.documentElement.lang = wrap.dataset.lang;
    markHintedCard();
    if (event.target.id === "game") tableArrived(wrap, event.detail && event.detail.stream);
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
    setBusy();                                  // a settled table ends the busy time (above)
    if (target && target.id === "hint") return focusOn(document.getElementById("hint"));
    if (!document.querySelector("#game > .table-wrap")) focusOn(document.querySelector("#game .notice, #game h2"));
  });

  // A table came in (an answer to the player, a reload, or the next computer decision of the stream).
  // Its replay starts in the same task as the swap, before the browser paints: the table as the answer
  // ends must not show for a moment before its first frame (issue 21.4).
  function tableArrived(wrap, fromStream) {
    waitingForAnswer = null;
    stream.showing = false;                  // whatever was on show is gone with the table it was in
    stream.shown = null;
    if (!fromStream) { stopStream(); keptBubbles = {}; }   // the player's answer (or a reload) replaces whatever was coming
    if (!wrap) return setBusy();
    showFromTheTop(wrap);
    keepScoreSheet(wrap);
    var log = wrap.querySelector("#game-log");
    if (log) log.scrollTop = log.scrollHeight;      // the newest event in view
    var computers = wrap.dataset.waitingFor === "computers";
    if (computers && !fromStream) requestStep(storedToken(), wrap, stream.generation);
    stream.showing = true;
    stream.shown = wrap;
    setBusy();
    replayActions(wrap, function () {
      if (stream.shown !== wrap) return;       // a later answer replaced this table during its replay
      stream.showing = false;
      ownCardShown = false;
      if (!computers) { settleFocus(wrap); keyboardPlay = false; }    // mid-stream the focus stays put
      document.dispatchEvent(new CustomEvent("doppelkopf:settled", { detail: wrap }));
      setTimeout(showNextStep, 0);
    });
  }

  // A new game (or the new-game form) on a page scrolled down, as a phone is after the side panels:
  // back to the top of the table, else the player meets the score sheet of the game before.
  var shownGame = null;
  function showFromTheTop(wrap) {
    var game = wrap.dataset.gameId || "start";
    if (shownGame !== null && game !== shownGame && wrap.getBoundingClientRect().top < 0) {
      wrap.scrollIntoView({ block: "start" });
    }
    shownGame = game;
  }

  // One menu open at a time (the rule set's and the main menu share the corner): opening one closes
  // the other; Escape closes an open one and gives the focus back to its button.
  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (!menu.matches || !menu.matches("details.menu") || !menu.open) return;
    all(document, "details.menu[open]").forEach(function (other) { if (other !== menu) other.open = false; });
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var menu = event.target.closest && event.target.closest("details.menu[open]");
    if (!menu) return;
    menu.open = false;
    menu.querySelector("summary").focus();
  });

  // The computer strength's line of explanation follows the choice.
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[data-level-select]")) return;
    var help = select.parentNode.querySelector("[data-level-help]");
    if (help) help.textContent = select.selectedOptions[0].dataset.help || "";
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
        ownCardShown = false;
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
      // The player's card lies on the table since the click: it neither arrives again nor waits.
      var shownAlready = ownCardShown && frame.dataset.kind === "play" && frame.dataset.seat === "0";
      if (shownAlready) all(frame, ".slot.arriving").forEach(function (slot) { slot.classList.remove("arriving"); });
      showState(wrap, frameState(frame));
      frame.hidden = false;
      // static/sound.js listens: a cue sounds with the frame it belongs to, not ahead of it.
      document.dispatchEvent(new CustomEvent("doppelkopf:frame", { detail: frame }));
      announce(frame.dataset.say);
      // A completed trick stays a little longer so the player sees who took it; a call too.
      setTimeout(step, frame.dataset.complete || frame.dataset.kind !== "play" ? delay * 3 : shownAlready ? 0 : delay);
    })();
  }

  // Speed "off" shows no frames, but a call is still a moment of its own: each seat's latest call
  // bubble stays on the table until the player acts again (through the computers' answers that follow).
  var keptBubbles = {};        // seat -> its latest call bubble since the player's last action

  function keepCallBubbles(wrap, frames) {
    var trick = wrap.querySelector("#trick");
    frames.forEach(function (frame) {
      var bubble = frame.dataset.kind === "call" && frame.querySelector(".bubble");
      if (bubble) keptBubbles[frame.dataset.seat] = bubble;
    });
    Object.keys(keptBubbles).forEach(function (seat) { if (trick) trick.appendChild(keptBubbles[seat]); });
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
      // The text for each count comes from the server, which knows the language's plural forms (5 карт, 2 карти).
      setCount(seat.querySelector(".count-cards"), "cards", left, wrap.dataset.textCardCounts.split("|")[Number(left)] || left);
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

  // ----- the computers' decisions as they come ---------------------------------------------------
  // While the table says a computer is to act (data-waiting-for="computers"), the page asks for its
  // decision (POST /step: one decision, the table after it, a token for that state). The next request
  // goes out as soon as an answer is there, while its frame is still on show; answers wait in a queue
  // until the frame before them is over. A token is stored when its table is shown, so a reload
  // resumes at the table the player saw. An answer to the player (or a reload) ends the stream.

  var stream = { generation: 0, queue: [], fetching: false, showing: false, shown: null };
  var requesting = false;      // an htmx request of the table is on its way

  function stopStream() {
    stream.generation += 1;    // answers still on their way belong to an older generation: dropped
    stream.queue = [];
    stream.fetching = false;
  }

  function requestStep(token, wrap, generation) {
    if (!token) return;
    stream.fetching = true;
    setBusy();
    var headers = { "X-Game-Token": token, "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded" };
    var newest = null;
    try { newest = localStorage.getItem(NEWEST_KEY); } catch (e) { /* private mode */ }
    if (newest) headers["X-Game-Newest"] = newest;
    var body = "seq=" + encodeURIComponent(wrap.dataset.seq) + "&game_id=" + encodeURIComponent(wrap.dataset.gameId);
    fetch("/step", { method: "POST", headers: headers, body: body, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (html) {
          if (generation !== stream.generation) return;
          stream.fetching = false;
          var answer = { html: html, token: response.headers.get("X-Game-Token"), step: response.headers.get("X-Game-Step") };
          // The table's first tag says what comes next (read without parsing the whole answer twice).
          var next = tableState(html);
          if (response.ok && answer.token && next && next.dataset.waitingFor === "computers") {
            requestStep(answer.token, next, generation);
          }
          stream.queue.push(answer);
          showNextStep();
        });
      })
      .catch(function () {
        if (generation !== stream.generation) return;
        stream.fetching = false;
        setBusy();
        showOffline();
      });
  }

  function tableState(html) {
    var tag = /<div class="table-wrap[^>]*>/.exec(html);
    if (!tag) return null;
    var read = function (name) { var found = new RegExp(name + '="([^"]*)"').exec(tag[0]); return found ? found[1] : ""; };
    return { dataset: { waitingFor: read("data-waiting-for"), seq: read("data-seq"), gameId: read("data-game-id") } };
  }

  // The next answer of the stream, once the one before has shown its frames. An open menu holds the
  // table as it is (its form belongs to that table); closing the menu lets the game go on.
  function showNextStep() {
    if (stream.showing || !stream.queue.length || document.querySelector("#game details[open]")) return setBusy();
    var answer = stream.queue.shift();
    if (answer.step && !isNewest(answer.step)) return stopStream();    // another tab went further: keep its state
    if (answer.token) {
      try { localStorage.setItem(TOKEN_KEY, answer.token); } catch (e) { /* private mode: play on without resume */ }
    }
    var game = document.getElementById("game");
    htmx.swap(game, answer.html, { swapStyle: "innerHTML", swapDelay: 0, settleDelay: 0 },
              { eventInfo: { target: game, stream: true } });
  }

  document.addEventListener("toggle", function (event) {
    if (event.target.closest && event.target.closest("#game") && !event.target.open) showNextStep();
  }, true);

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.target && event.detail.target.id === "game") { requesting = true; setBusy(); }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.target && event.detail.target.id === "game") { requesting = false; setBusy(); }
  });

  // #game is aria-busy while anything of the game is on its way or on show (tests wait for its end).
  // htmx enables the new table's buttons only when it settles (20 ms after the swap, after
  // htmx:afterRequest): until then a shortcut would click a button that does nothing.
  function setBusy() {
    var game = document.getElementById("game");
    if (!game) return;
    var settling = game.classList.contains("htmx-settling");
    var busy = requesting || settling || !!waitingForAnswer || stream.showing || stream.fetching || stream.queue.length > 0;
    toggleAttr(game, "aria-busy", busy, "true");
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
    if (event.key === "Enter" || event.key === " ") { keyboardPlay = !card.dataset.give; return; }
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
    if (button.dataset.give && button.closest(".hand")) { stop(event); return chooseForExchange(button); }
    var card = button.closest(".hand button.card");
    if (!card) return;
    if (waitingForAnswer) return stop(event);      // a double click plays one card, and hides no other
    if (lastPointer === "touch" && !card.classList.contains("lifted")) {
      stop(event);
      all(document, ".hand .card.lifted").forEach(function (other) { other.classList.remove("lifted"); });
      return card.classList.add("lifted");
    }
    lastPointer = "mouse";
    playAtOnce(card);
  }, true);

  // ----- the player's card at once -------------------------------------------------------------
  // The card leaves the hand and lies on the table with the click, the turn marker moves on, and the
  // hand waits (not playable) until the answer is there; the answer's first frame is the same card.

  var waitingForAnswer = null;    // the undo of what the click showed, until the answer comes
  var ownCardShown = false;       // the answer's frame of the player's card finds it on the table already

  function playAtOnce(card) {
    var wrap = card.closest(".table-wrap"), trick = wrap && wrap.querySelector("#trick");
    var slot = card.closest(".hand-slot");
    slot.classList.add("played");
    if (!trick || trick.hidden) { waitingForAnswer = function () { slot.classList.remove("played"); }; return; }
    var onTable = all(trick, ".slot").length;
    var captions = all(trick, ".trick-caption");
    var placed = document.createElement("div");
    placed.className = "slot slot-bottom arriving";
    placed.dataset.seat = "0";
    var face = document.createElement("div");
    face.className = "card";
    face.dataset.card = card.dataset.card;
    face.setAttribute("role", "img");
    face.setAttribute("aria-label", card.getAttribute("aria-label"));
    face.appendChild(card.querySelector(".face").cloneNode(true));
    placed.appendChild(face);
    captions.forEach(function (caption) { caption.hidden = true; });
    trick.appendChild(placed);
    var seats = all(wrap, ".seat"), before = seats.map(function (seat) {
      return { seat: seat, turn: seat.hasAttribute("data-turn"), leader: seat.hasAttribute("data-leader") };
    });
    seats.forEach(function (seat) {
      var id = seat.dataset.seat;
      // Seat 1 is next unless this card completes the trick (then it lies there until it is collected).
      toggleAttr(seat, "data-turn", onTable < 3 && id === "1");
      toggleAttr(seat, "aria-current", onTable < 3 && id === "1", "true");
      if (!onTable) toggleAttr(seat, "data-leader", id === "0");
    });
    wrap.classList.add("replaying");
    holdHand(wrap, true);
    ownCardShown = true;
    waitingForAnswer = function () {       // no answer came: the table as it was
      slot.classList.remove("played");
      placed.remove();
      captions.forEach(function (caption) { caption.hidden = false; });
      before.forEach(function (was) {
        toggleAttr(was.seat, "data-turn", was.turn);
        toggleAttr(was.seat, "aria-current", was.turn, "true");
        toggleAttr(was.seat, "data-leader", was.leader);
      });
      wrap.classList.remove("replaying");
      holdHand(wrap, false);
      ownCardShown = false;
    };
    setBusy();
  }

  function stop(event) { event.preventDefault(); event.stopPropagation(); }

  // The Armut exchange: a card of the hand is chosen or put back by a click, a tap, Enter or Space; the
  // form sends the hand's chosen cards, and its button waits until as many are chosen as must go.
  function chooseForExchange(card) {
    var form = document.querySelector("form.exchange");
    if (!form || card.getAttribute("aria-disabled") === "true") return;
    var chosen = card.getAttribute("aria-pressed") !== "true";
    card.setAttribute("aria-pressed", String(chosen));
    form.querySelector('input[data-index="' + card.dataset.index + '"]').disabled = !chosen;
    var count = form.querySelectorAll("input[data-give]:not([disabled])").length;
    var label = form.querySelector("[data-exchange-count]");
    label.dataset.exchangeCount = count;
    label.textContent = label.dataset.text.replace("{chosen}", count);
    form.querySelector('[data-action="give"]').disabled = count !== Number(form.dataset.count);
  }

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
    if (waitingForAnswer) waitingForAnswer();
    waitingForAnswer = null;
    all(document, ".hand-slot.played").forEach(function (slot) { slot.classList.remove("played"); });
    setBusy();
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
