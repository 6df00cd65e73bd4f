// Sound cues made in the browser (Web Audio, no audio files): your turn, a call, a trick taken (by your
// side or the other), a Fuchs caught. Off by default; the switch is stored in localStorage. The cues
// follow replay.js's frames ("doppelkopf:frame", "doppelkopf:settled"), so they sound with the cards.
// `window.DoppelkopfSound.played` lists every cue scheduled (tests read it; no audio output needed).
(function () {
  "use strict";

  var KEY = "doppelkopf.sound";
  var context = null;

  // Notes as [frequency Hz, start s, length s]; one wave shape per cue.
  var CUES = {
    turn: { wave: "sine", notes: [[660, 0, 0.12], [880, 0.13, 0.18]] },
    call: { wave: "triangle", notes: [[523, 0, 0.1], [784, 0.1, 0.22]] },
    "trick-ours": { wave: "sine", notes: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.16]] },
    "trick-theirs": { wave: "sine", notes: [[392, 0, 0.12], [330, 0.13, 0.18]] },
    trick: { wave: "sine", notes: [[440, 0, 0.12]] },
    fox: { wave: "square", notes: [[784, 0, 0.08], [988, 0.09, 0.08], [1319, 0.18, 0.2]] },
  };

  function enabled() {
    try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }

  function setEnabled(on) {
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode: this page only */ }
    if (on) unlock();
  }

  // Browsers allow audio only after a user gesture: the context is made (or resumed) in one.
  function unlock() {
    if (!enabled()) return;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!context) { try { context = new Context(); } catch (e) { return; } }
    if (context.state === "suspended") context.resume();
  }
  ["pointerdown", "keydown"].forEach(function (type) { document.addEventListener(type, unlock, true); });

  function play(name) {
    if (!enabled()) return;
    api.played.push(name);
    if (!context || context.state !== "running") return;
    var cue = CUES[name], now = context.currentTime;
    cue.notes.forEach(function (note) {
      var oscillator = context.createOscillator(), gain = context.createGain();
      oscillator.type = cue.wave;
      oscillator.frequency.value = note[0];
      // A short attack and decay, quiet: no clicks, nothing startling.
      gain.gain.setValueAtTime(0.0001, now + note[1]);
      gain.gain.exponentialRampToValueAtTime(0.12, now + note[1] + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + note[1] + note[2]);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + note[1]);
      oscillator.stop(now + note[1] + note[2] + 0.02);
    });
  }

  function partyOf(seat) {
    var element = document.querySelector('.table-wrap .seat[data-seat="' + seat + '"]');
    return element ? element.dataset.party || "" : "";
  }

  // Whose side took the trick, as far as the player knows the parties.
  function trickCue(winner) {
    if (winner === "0") return "trick-ours";
    var mine = partyOf(0), theirs = partyOf(winner);
    if (!mine || !theirs) return "trick";
    return mine === theirs ? "trick-ours" : "trick-theirs";
  }

  // A Fuchs (the Karo-Ass in a game of the normal family) taken by the other party, parties public.
  function foxCaught(frame) {
    var type = document.querySelector(".table-wrap .game-type[data-contract]");
    var family = ["normal", "wedding", "wedding-alone", "silent-wedding", "poverty"];
    if (!type || family.indexOf(type.dataset.contract) < 0) return false;
    var winner = partyOf(frame.dataset.winner);
    return (frame.dataset.trickCards || "").split(",").some(function (played) {
      var parts = played.split(":");
      if (parts[1] !== "DA") return false;
      var owner = partyOf(parts[0]);
      return owner && winner && owner !== winner;
    });
  }

  document.addEventListener("doppelkopf:frame", function (event) {
    var frame = event.detail;
    if (frame.dataset.kind === "call") play("call");
    if (frame.dataset.complete) play(foxCaught(frame) ? "fox" : trickCue(frame.dataset.winner));
  });

  // After the last frame: the player's turn (a card to play or a decision to make).
  document.addEventListener("doppelkopf:settled", function (event) {
    var wrap = event.detail;
    if (wrap.querySelector('.seat[data-seat="0"][data-turn]')) play("turn");
  });

  var api = window.DoppelkopfSound = { played: [], enabled: enabled, setEnabled: setEnabled, play: play };
})();
