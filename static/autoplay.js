// The last tricks where every card is forced play themselves: when the server marks the hand `data-forced`
// (nothing is left to decide for the rest of the deal), the page plays that card after a short pause, as
// a player would lay it down without thinking. A table that changes meanwhile cancels it.
(function () {
  "use strict";

  var PAUSE_MS = 700;
  var pending = null;

  function idle() {
    var game = document.getElementById("game");
    return game && !game.hasAttribute("aria-busy");
  }

  function schedule() {
    var hand = document.querySelector(".hand[data-forced]");
    if (!hand || !idle() || pending) return;
    var wrap = document.querySelector(".table-wrap");
    var seq = wrap && wrap.dataset.seq;
    pending = setTimeout(function () {
      pending = null;
      var now = document.querySelector(".table-wrap");
      var card = document.querySelector('.hand[data-forced] button[data-card="' + hand.dataset.forced + '"]:not([disabled])');
      if (card && now && now.dataset.seq === seq && idle()) card.click();
    }, PAUSE_MS);
  }

  document.addEventListener("htmx:afterSettle", schedule);
  // replay.js marks #game busy while it fetches and shows the computers' decisions: try again when it is done.
  new MutationObserver(schedule).observe(document.documentElement, { subtree: true, attributes: true,
                                                                     attributeFilter: ["aria-busy"] });
  document.addEventListener("DOMContentLoaded", schedule);
})();
