// Deal review: open a record file from disk, close the review, keep the focus sensible. The review
// itself is an htmx fragment from the server (app/review.py), swapped into #review-area.
(function () {
  "use strict";

  var MAX_RECORD_CHARS = 12000;   // the server's limit: a complete record is about 2,500 characters

  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches('input[data-action="import-deal"]') || !input.files.length) return;
    var file = input.files[0];
    input.value = "";                       // the same file can be opened again
    // One character more than allowed is enough for the server to say the file is too large.
    file.slice(0, MAX_RECORD_CHARS + 1).text().then(function (text) {
      htmx.ajax("POST", "/review", { target: "#review-area", swap: "innerHTML",
                                     values: { record: text, lang: document.documentElement.lang } });
    });
  });

  // A score-sheet row's number opens that deal's review, from the record this browser archived.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-review-deal]");
    if (!button) return;
    var wrap = document.querySelector("#game > .table-wrap");
    var number = Number(button.dataset.reviewDeal);
    var finished = document.getElementById("deal-result");
    if (finished && Number(finished.dataset.deal) === number) {      // the deal on the table: the server has it
      return htmx.ajax("GET", "/review", { target: "#review-area", swap: "innerHTML" });
    }
    var missing = document.getElementById("score-sheet").dataset.reviewMissing;
    var archive = window.DoppelkopfArchive;
    (archive ? archive.record(wrap.dataset.gameId + ":" + number) : Promise.resolve(null))
      .catch(function () { return null; })
      .then(function (record) {
        if (record) {
          return htmx.ajax("POST", "/review", { target: "#review-area", swap: "innerHTML",
                                                values: { record: JSON.stringify(record), lang: document.documentElement.lang,
                                                          deal: number } });
        }
        var area = document.getElementById("review-area"), note = document.createElement("p");
        note.className = "notice";
        note.setAttribute("role", "alert");
        note.textContent = missing;
        area.textContent = "";
        area.appendChild(note);
      });
  });

  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest('[data-action="review-close"]')) return;
    document.getElementById("review-area").innerHTML = "";
    var opener = document.querySelector('[data-action="review"]') || document.querySelector("#game");
    if (opener && opener.focus) opener.focus();
  });

  // A step inside the review keeps the focus on the same button; a review that opens takes it.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id !== "review-area") return;
    var review = document.getElementById("review");
    if (!review) return;
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    var submitter = trigger && trigger.submitter;
    if (submitter && submitter.name === "step") {
      var same = review.querySelector('[data-action="' + submitter.dataset.action + '"]:not([disabled])') ||
                 review.querySelector('[aria-current="step"]');
      if (same) return same.focus();
    }
    // An open menu would lie over the review (it hangs from the bar above): close it first.
    Array.prototype.forEach.call(document.querySelectorAll("details.menu[open]"), function (menu) { menu.open = false; });
    review.scrollIntoView({ block: "start" });
    review.focus();
  });
})();
