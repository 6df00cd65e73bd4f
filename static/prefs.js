// Preferences kept in this browser, not in the game: the deck and the card back are cookies (every
// page that draws cards reads them, the rules page too), sound is a localStorage switch (sound.js).
(function () {
  "use strict";

  var YEAR = 365 * 24 * 3600;

  document.addEventListener("change", function (event) {
    var input = event.target;
    var pref = input.dataset && input.dataset.pref;
    if (pref === "deck" || pref === "back") {
      document.cookie = pref + "=" + encodeURIComponent(input.value) + "; max-age=" + YEAR + "; path=/; samesite=strict";
      location.reload();        // the server draws the faces: the table comes back from the stored token
    } else if (pref === "sound") {
      window.DoppelkopfSound.setEnabled(input.checked);
    }
  });

  // The table is swapped in by htmx: show the sound switch as stored.
  document.addEventListener("htmx:afterSettle", function () {
    var input = document.querySelector('input[data-pref="sound"]');
    if (input && window.DoppelkopfSound) input.checked = window.DoppelkopfSound.enabled();
  });
})();
