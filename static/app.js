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

  document.addEventListener("htmx:afterSettle", function () {
    var wrap = document.querySelector("#game > .table-wrap");
    if (!wrap) return;
    replayComputerCards(wrap, function () { if (keyboardPlay) focusHand(); keyboardPlay = false; });
  });

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
