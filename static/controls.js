// The player's hands on the table: keyboard moves and shortcuts, a second press for what cannot be
// undone, a tap that lifts a card before it plays, the Armut exchange, the menus, and the focus after
// each answer. The card played shows on the table at once (replay.js). No framework.
(function () {
  "use strict";

  var keyboardPlay = false;   // the last card was chosen with the keyboard: put focus back into the hand

  document.addEventListener("htmx:afterSwap", markHintedCard);

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
    if (!document.querySelector("#game > .table-wrap")) focusOn(document.querySelector("#game .notice, #game h2"));
  });

  // A table's actions are all shown (replay.js): unless the computers go on, the focus goes where the
  // player goes on.
  document.addEventListener("doppelkopf:settled", function (event) {
    if (event.detail.dataset.waitingFor === "computers") return;
    settleFocus(event.detail);
    keyboardPlay = false;
  });

  // One menu open at a time (the rule set's and the main menu share the corner): opening one closes
  // the other; Escape closes an open one and gives the focus back to its button.
  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (!menu.matches || !menu.matches("details.menu") || !menu.open) return;
    document.querySelectorAll("details.menu[open]").forEach(function (other) { if (other !== menu) other.open = false; });
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

  function focusOn(element) {
    if (!element) return;
    if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
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
    var card = button.closest(".hand button.card"), table = window.DoppelkopfTable;    // replay.js
    if (!card) return;
    if (table.awaitingAnswer()) return stop(event);      // a double click plays one card, and hides no other
    if (lastPointer === "touch" && !card.classList.contains("lifted")) {
      stop(event);
      document.querySelectorAll(".hand .card.lifted").forEach(function (other) { other.classList.remove("lifted"); });
      return card.classList.add("lifted");
    }
    lastPointer = "mouse";
    table.playAtOnce(card);
  }, true);

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
})();
