// What the table shows as answers come: each answer's actions one at a time (its frames), the computer
// players' decisions fetched one by one as they are made (the stream), and the player's own card on the
// table at the click. #game stays aria-busy while any of it is on its way or on show. No framework.
(function () {
  "use strict";

  var Token = window.DoppelkopfToken;       // token.js

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
    if (event.target.id === "game") tableArrived(wrap, event.detail && event.detail.stream);
  });

  document.addEventListener("htmx:afterSettle", setBusy);     // a settled table ends the busy time (below)

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
    document.dispatchEvent(new CustomEvent("doppelkopf:table", { detail: wrap }));   // sheet.js
    var log = wrap.querySelector("#game-log");
    if (log) log.scrollTop = log.scrollHeight;      // the newest event in view
    var computers = wrap.dataset.waitingFor === "computers";
    if (computers && !fromStream) requestStep(Token.stored(), wrap, stream.generation);
    stream.showing = true;
    stream.shown = wrap;
    setBusy();
    replayActions(wrap, function () {
      if (stream.shown !== wrap) return;       // a later answer replaced this table during its replay
      stream.showing = false;
      ownCardShown = false;
      // controls.js puts the focus where the player goes on (mid-stream it stays put); sound.js listens too.
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
    var headers = Token.addHeaders({ "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded" }, token);
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
    if (!Token.take(answer.token, answer.step)) return stopStream();    // another tab went further: keep its state
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

  // No answer, or one without a table: the card goes back into the hand (a refusal comes with the table).
  function unplay() {
    if (waitingForAnswer) waitingForAnswer();
    waitingForAnswer = null;
    all(document, ".hand-slot.played").forEach(function (slot) { slot.classList.remove("played"); });
    setBusy();
  }
  document.addEventListener("htmx:sendError", unplay);
  document.addEventListener("htmx:responseError", unplay);

  // For controls.js: the click on a card of the hand.
  window.DoppelkopfTable = {
    playAtOnce: playAtOnce,
    awaitingAnswer: function () { return !!waitingForAnswer; },
  };
})();
