// The sealed game token: kept in localStorage, sent with every request of the game, replaced by the
// token of every answer that has one. The server keeps nothing; this is the whole game. No framework.
(function () {
  "use strict";

  var TOKEN_KEY = "doppelkopf.token";

  function read(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }   // private mode
  }

  function storedToken() { return read(TOKEN_KEY); }

  // Replayed tokens (issue 21.11): the server keeps nothing, so the page remembers the newest step of
  // each recent game ("<game id>:<seq>" pairs, as the answers' X-Game-Step says them) and sends them
  // with every request; the server refuses a token of such a game at an earlier step (an older copy
  // put back would undo moves without the take-back mark or deal a seen deal again), and the page
  // never stores one.
  var NEWEST_KEY = "doppelkopf.newest", NEWEST_GAMES = 20;

  function newestSteps() {
    return (read(NEWEST_KEY) || "").split(",").map(function (pair) {
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

  // An answer's token and step (its X-Game-Token and X-Game-Step): false for an answer to an older state
  // (another tab's race), whose token is not stored; otherwise its token, if any, replaces the stored one.
  function take(token, step) {
    if (step && !isNewest(step)) return false;
    if (token) {
      try { localStorage.setItem(TOKEN_KEY, token); } catch (e) { /* private mode: play on without resume */ }
    }
    return true;
  }

  // The headers of a request of the game: ``token`` (the stored one unless given) and the newest steps.
  function addHeaders(headers, token) {
    if (token) headers["X-Game-Token"] = token;
    var newest = read(NEWEST_KEY);
    if (newest) headers["X-Game-Newest"] = newest;
    return headers;
  }

  // Every request carries the token; every answer that has a new one replaces it. A token the
  // server cannot read stays stored until the user starts a new game (which answers with a new one).
  document.addEventListener("htmx:configRequest", function (event) {
    addHeaders(event.detail.headers, storedToken());
  });

  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    if (!take(xhr.getResponseHeader("X-Game-Token"), xhr.getResponseHeader("X-Game-Step"))) event.preventDefault();
  });

  // Saving a deal record: the link needs the token, which a plain link cannot send.
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

  // For the stream of the computers' decisions (replay.js), which asks with fetch, not htmx.
  window.DoppelkopfToken = { stored: storedToken, take: take, addHeaders: addHeaders };
})();
