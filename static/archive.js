// The deal archive: every finished deal, kept in this browser's IndexedDB (nothing leaves the device),
// for the statistics page and the review of earlier deals. One entry per deal, keyed by game and deal
// number, so storing a deal twice (a reload on the result) changes nothing.
(function () {
  "use strict";

  // Two stores: "deals" holds what the statistics read (small), "records" the full deal records (for the
  // review and the export), so the statistics page never loads thousands of records it does not show.
  var DB_NAME = "doppelkopf", DEALS = "deals", RECORDS = "records", VERSION = 1;
  var TOKEN_KEY = "doppelkopf.token", NEWEST_KEY = "doppelkopf.newest";   // as token.js keeps them
  // Maps keyed by keys from stored or imported data have no prototype: a key like "__proto__" or
  // "constructor" is a key like any other (issue 21).
  var archived = Object.create(null);   // keys stored by this page already: no second fetch for them

  function open() {
    return new Promise(function (resolve, reject) {
      if (!window.indexedDB) return reject(new Error("no IndexedDB"));
      var request = indexedDB.open(DB_NAME, VERSION);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(DEALS, { keyPath: "key" });
        request.result.createObjectStore(RECORDS);
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  // Runs work(stores) in one transaction; resolves with what work returned (a request's result).
  function transaction(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction([DEALS, RECORDS], mode);
        var answer = work(tx.objectStore(DEALS), tx.objectStore(RECORDS));
        tx.oncomplete = function () { db.close(); resolve(answer && "result" in answer ? answer.result : answer); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function deals() { return transaction("readonly", function (store) { return store.getAll(); }); }
  function record(key) { return transaction("readonly", function (_, records) { return records.get(key); }); }
  function clear() { return transaction("readwrite", function (store, records) { store.clear(); records.clear(); }); }

  // Every entry with its record, for the export.
  function everything() {
    return transaction("readonly", function (store, records) {
      var joined = [];
      store.openCursor().onsuccess = function (event) {
        var cursor = event.target.result;
        if (!cursor) return;
        var entry = cursor.value;
        records.get(entry.key).onsuccess = function (got) {
          joined.push(Object.assign({}, entry, { record: got.target.result }));
        };
        cursor.continue();
      };
      return { get result() { return joined; } };
    });
  }

  // Adds the entries (each with its record) whose keys are new; answers how many were added.
  function add(entries) {
    return transaction("readonly", function (store) { return store.getAllKeys(); }).then(function (keys) {
      var known = Object.create(null);
      keys.forEach(function (key) { known[key] = true; });
      var fresh = [];
      entries.forEach(function (entry) {
        if (!known[entry.key]) { known[entry.key] = true; fresh.push(entry); }   // duplicates in the file too
      });
      return transaction("readwrite", function (store, records) {
        fresh.forEach(function (entry) {
          var summary = Object.assign({}, entry);
          delete summary.record;
          store.put(summary);
          records.put(entry.record, entry.key);
        });
      }).then(function () { return fresh.length; });
    });
  }

  // A deal thrown in (Schmeißen, an Armut nobody takes) keeps its number: the same dealer deals it
  // again. Its key names the table's step too, so the deal played after it is stored as well.
  function keyOf(gameId, deal, thrownAtSeq) {
    return gameId + ":" + deal + (thrownAtSeq == null ? "" : ":thrown@" + thrownAtSeq);
  }

  // What the statistics need of one deal, from the API's view of it and its record.
  function entryOf(view, record) {
    var result = view.result;
    var declare = record.actions.filter(function (a) { return "declare" in a; })[0];
    return {
      key: keyOf(view.game_id, view.deal_number, result.thrown ? view.seq : null),
      game_id: view.game_id, deal: view.deal_number,
      date: new Date().toISOString(), mode: view.settings.mode, level: view.settings.level,
      contract: result.contract, declarer: declare ? declare.seat : null,
      compulsory: !!(declare && declare.compulsory), re: result.re, kontra: result.kontra,
      winner: result.winner, scores: result.scores, eyes: result.eyes,
      took_back: !!view.took_back,      // the player took back a decision in this deal (issue 21.11)
      calls: record.actions.filter(function (a) { return "call" in a; })
                           .map(function (a) { return { seat: a.seat, call: a.call }; }),
      special: result.special.map(function (line) { return { item: line.item, party: line.party, points: line.points }; }),
      record: record
    };
  }

  function fetchJson(url) {
    var token = null, newest = null;
    try { token = localStorage.getItem(TOKEN_KEY); newest = localStorage.getItem(NEWEST_KEY); } catch (e) { /* private mode */ }
    return fetch(url, { headers: { "X-Game-Token": token || "", "X-Game-Newest": newest || "" } })
      .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); });
  }

  // A finished deal on the table: keep it (once).
  function archiveShownDeal() {
    var result = document.getElementById("deal-result");
    var wrap = document.querySelector("#game > .table-wrap");
    if (!result || !wrap) return;
    var thrown = result.querySelector("[data-thrown]") ? wrap.dataset.seq : null;
    var key = keyOf(wrap.dataset.gameId, result.dataset.deal, thrown);
    if (archived[key]) return;
    archived[key] = true;
    Promise.all([fetchJson("/api/game"), fetchJson("/api/game/deal")])
      .then(function (answers) {
        var view = answers[0].view;
        if (!view.result) return;
        var entry = entryOf(view, answers[1]);
        if (entry.key !== key) return;                                                // the table moved on
        return add([entry]);
      })
      .catch(function () { delete archived[key]; });   // no archive in this browser: the game goes on
  }

  document.addEventListener("htmx:afterSettle", archiveShownDeal);

  window.DoppelkopfArchive = { deals: deals, record: record, everything: everything, add: add, clear: clear,
                               entryOf: entryOf };
})();
