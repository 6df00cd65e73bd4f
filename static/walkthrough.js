// The first-game walkthrough (templates/partials/walkthrough.html, GET /walkthrough): a modal dialog of a few
// short steps. It opens when it arrives, steps with its buttons or the arrow keys, and closes with "Skip",
// Escape or the last step's button; then localStorage remembers that it was seen, and the start page's
// invitation shrinks to its button (the menu opens it again at any time).
(function () {
  "use strict";
  var SEEN_KEY = "doppelkopf.walkthrough";

  function seen() {
    try { return localStorage.getItem(SEEN_KEY) === "seen"; } catch (e) { return false; }
  }

  function markSeen() {
    try { localStorage.setItem(SEEN_KEY, "seen"); } catch (e) { /* private mode: offered again next time */ }
    showOffer();
  }

  function showOffer() {
    var offers = document.querySelectorAll("[data-walkthrough-offer]");
    for (var i = 0; i < offers.length; i++) offers[i].classList.toggle("seen", seen());
  }

  function step(dialog, n) {
    var total = Number(dialog.dataset.steps);
    n = Math.max(1, Math.min(total, n));
    dialog.dataset.step = String(n);
    var sections = dialog.querySelectorAll("[data-walkthrough-step]");
    for (var i = 0; i < sections.length; i++) sections[i].hidden = Number(sections[i].dataset.walkthroughStep) !== n;
    var prev = dialog.querySelector('[data-walkthrough="prev"]');
    var next = dialog.querySelector('[data-walkthrough="next"]');
    var done = dialog.querySelector('[data-walkthrough="done"]');
    var focused = document.activeElement;
    prev.disabled = n === 1;
    next.hidden = n === total;
    done.hidden = n !== total;
    // Keep the keyboard where it was; a button that just went away hands the focus to the one that goes on.
    if (focused === next && next.hidden) done.focus();
    else if (focused === prev && prev.disabled) next.focus();
  }

  function open(dialog) {
    if (!dialog || dialog.open) return;
    var opener = document.activeElement;
    var menus = document.querySelectorAll("details.menu[open]");
    for (var i = 0; i < menus.length; i++) menus[i].open = false;
    dialog.addEventListener("close", function () {
      markSeen();
      dialog.remove();
      if (opener && document.contains(opener)) opener.focus();
    });
    dialog.showModal();
    step(dialog, 1);
    dialog.querySelector('[data-walkthrough="next"]').focus();
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target.id === "walkthrough-area") open(event.target.querySelector("#walkthrough"));
    else showOffer();
  });

  document.addEventListener("click", function (event) {
    var control = event.target.closest && event.target.closest("#walkthrough [data-walkthrough]");
    if (!control) return;
    var dialog = control.closest("#walkthrough");
    var current = Number(dialog.dataset.step || 1);
    var kind = control.dataset.walkthrough;
    if (kind === "next") step(dialog, current + 1);
    else if (kind === "prev") step(dialog, current - 1);
    else if (kind === "rules") markSeen();
  });

  document.addEventListener("keydown", function (event) {
    var dialog = document.getElementById("walkthrough");
    if (!dialog || !dialog.open || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight") step(dialog, Number(dialog.dataset.step) + 1);
    else if (event.key === "ArrowLeft") step(dialog, Number(dialog.dataset.step) - 1);
    else return;
    event.preventDefault();
  });

  document.addEventListener("DOMContentLoaded", showOffer);
})();
