/* regelwerk pages: small enhancements on top of htmx; every page works without them. */
(function () {
  "use strict";

  // New content is set up (its forms sent by htmx) in the same moment it is swapped in,
  // not after htmx's default settling delay of 20 ms: a click in between went to a
  // form htmx did not know yet, which the browser then sent itself (a whole page).
  htmx.config.defaultSettleDelay = 0;

  // A refusal (4xx) carries a message for the reader: swap it in like any answer.
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "4..", swap: true, error: false },
    { code: "...", swap: false, error: true }
  ];

  // After a roll, select the expression so that the next one can be typed at once.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target.closest && event.target.closest("form.roll-form");
    if (form) {
      var input = form.querySelector("input[name=expression]");
      if (input) { input.select(); }
    }
  });

  // ---- the live log: never stale, never twice ------------------------------------
  // Every log message's id is its event's sequence number.  The browser sends the
  // last one (Last-Event-ID) when it reconnects by itself; when htmx opens a new
  // connection instead, the URL asks for what came after the last one seen.
  var lastSeen = 0;
  var log = document.getElementById("log");
  if (log) { lastSeen = parseInt(log.getAttribute("data-last") || "0", 10); }

  htmx.createEventSource = function (url) {
    var fresh = url.replace(/([?&])after=\d+/, "$1after=" + lastSeen);
    return new EventSource(fresh, { withCredentials: true });
  };

  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    var id = parseInt(event.detail.lastEventId || "0", 10);
    if (event.detail.type === "log" && document.getElementById("ev-" + id)) {
      event.preventDefault();   // already shown (a resent event after a reconnect)
    }
    if (id > lastSeen) { lastSeen = id; }
  });

  function liveState(on) {
    var live = document.querySelector("[data-live]");
    if (!live) { return; }
    live.textContent = live.getAttribute(on ? "data-on" : "data-off");
    live.classList.toggle("on", on);
  }
  // A connection that dropped between a batch's entries and its "changed" message
  // leaves panels drawn before the last entry shown: on (re)connecting, redraw them.
  document.addEventListener("htmx:sseOpen", function () {
    liveState(true);
    var holder = document.getElementById("sigs");
    var panels = document.getElementById("panels");
    if (holder && panels && lastSeen > drawnAt(holder)) { htmx.trigger(panels, "sse:changed"); }
  });
  document.addEventListener("htmx:sseError", function () { liveState(false); });

  // New entries obey the log's filter too.
  function passes(item) {
    var kind = document.getElementById("log-kind");
    var actor = document.getElementById("log-actor");
    var words = document.getElementById("log-q");
    if (kind && kind.value && item.getAttribute("data-kind") !== kind.value) { return false; }
    if (actor && actor.value && item.getAttribute("data-actor") !== actor.value) { return false; }
    if (words && words.value) {
      var text = item.textContent.toLowerCase();
      return words.value.toLowerCase().split(/\s+/).every(function (w) { return text.indexOf(w) >= 0; });
    }
    return true;
  }
  document.addEventListener("htmx:sseMessage", function (event) {
    var list = document.getElementById("log");
    if (!list || event.detail.type !== "log") { return; }
    var item = list.lastElementChild;
    if (item && !passes(item)) { item.hidden = true; }
  });

  // Reloaded panels keep what the reader had opened.
  var opened = [];
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "panels") {
      opened = Array.prototype.map.call(
        event.detail.target.querySelectorAll("details[open][id]"), function (d) { return d.id; });
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "panels") {
      opened.forEach(function (id) {
        var again = document.getElementById(id);
        if (again) { again.open = true; }
      });
      refreshSections();
    }
  });

  // A form section is drawn anew only when what it offers changed (a new character
  // to roll for, a new player to give a character to), so typing is not lost.
  // Each part says the sequence number of the state it was drawn from: a section
  // older than the panels that offers something else is drawn anew; one as new or
  // newer waits for the panels.  This runs again whenever a section arrives: an
  // answer made before the latest news (a slow network) is asked for again, since
  // htmx drops a request queued on the section that the late answer replaced.
  function drawnAt(element) { return parseInt(element.getAttribute("data-drawn") || "0", 10); }
  function refreshSections() {
    var holder = document.getElementById("sigs");
    if (!holder) { return; }
    var sigs = JSON.parse(holder.getAttribute("data-sigs") || "{}");
    var now = drawnAt(holder);
    document.querySelectorAll("[data-section]").forEach(function (section) {
      var name = section.getAttribute("data-section");
      if (name in sigs && sigs[name] !== section.getAttribute("data-sig") &&
          drawnAt(section) < now) {
        htmx.trigger(section, "refresh");
      }
    });
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.elt;
    if (target && target.closest && target.closest("[data-section]")) { refreshSections(); }
  });

  // A section is not drawn anew while one of its forms is being sent (the answer
  // goes to a result in the section, and would reach the replaced one and be lost):
  // the swap is left out, and the section asked for again once the answer is in.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || !target.hasAttribute || !target.hasAttribute("data-section")) { return; }
    if (event.detail.requestConfig && event.detail.requestConfig.elt !== target) { return; }
    if (target.querySelector("form.htmx-request, form .htmx-request")) {
      event.detail.shouldSwap = false;
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var source = event.detail && event.detail.elt;
    if (source && source.closest && source.closest("[data-section]") &&
        !source.hasAttribute("data-section")) {
      window.setTimeout(refreshSections, 0);
    }
  });

  // What the reader opened in a section (a form behind "Open the form") stays open,
  // and the answers shown in it (a roll, a refusal) stay shown, when the section is
  // drawn anew.
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("[data-section] summary");
    if (summary && summary.parentElement) { summary.parentElement.setAttribute("data-opened", "1"); }
  }, true);
  var keeping = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || !target.hasAttribute || !target.hasAttribute("data-section") ||
        event.detail.shouldSwap === false) { return; }
    var results = {};
    target.querySelectorAll(".result").forEach(function (r, i) {
      if (r.innerHTML.trim()) { results[r.id || "@" + i] = r.innerHTML; }
    });
    keeping = { section: target.getAttribute("data-section"), results: results,
                details: Array.prototype.map.call(target.querySelectorAll("details"), function (d) {
                  return d.hasAttribute("data-opened") ? d.open : null;
                }) };
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!keeping) { return; }
    var kept = keeping;
    keeping = null;
    var section = document.querySelector("[data-section='" + kept.section + "']");
    if (!section) { return; }
    section.querySelectorAll("details").forEach(function (d, i) {
      if (kept.details[i] === null || kept.details[i] === undefined) { return; }
      d.open = kept.details[i];
      d.setAttribute("data-opened", "1");
    });
    section.querySelectorAll(".result").forEach(function (result, i) {
      var shown = kept.results[result.id || "@" + i];
      if (shown && !result.innerHTML.trim()) { result.innerHTML = shown; }
    });
  });

  // What the reader typed and has not sent survives a section drawn anew: before
  // the swap, each changed field's value is kept by its form and name; after it, the
  // new form's field of that name gets it back (a choice only if it is still offered).
  function markTyped(event) {
    var field = event.target;
    if (field && field.name && field.closest && field.closest("[data-section] form")) {
      field.setAttribute("data-typed", "1");
    }
  }
  document.addEventListener("input", markTyped, true);
  document.addEventListener("change", markTyped, true);
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail && event.detail.elt;
    if (form && form.tagName === "FORM") {  // sent: no longer unsent typing
      form.querySelectorAll("[data-typed]").forEach(function (f) { f.removeAttribute("data-typed"); });
    }
  });
  var typing = [];
  function formKey(form) { return form.getAttribute("hx-post") || form.getAttribute("action") || ""; }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || !target.querySelectorAll || event.detail.shouldSwap === false) { return; }
    target.querySelectorAll("form [data-typed]").forEach(function (f) {
      typing.push({ form: formKey(f.closest("form")), name: f.name, type: f.type,
                    value: f.value, checked: f.checked, files: f.files });
    });
  });
  // Given back at once after the swap, before anything can send the new form.
  var reask = [];
  document.addEventListener("htmx:afterSwap", function () {
    var kept = typing;
    typing = [];
    kept.forEach(function (k) {
      document.querySelectorAll("[data-section] form").forEach(function (form) {
        if (formKey(form) !== k.form) { return; }
        form.querySelectorAll("[name]").forEach(function (f) {
          if (f.name !== k.name || f.type !== k.type || f.hasAttribute("data-typed")) { return; }
          if (f.type === "file") {  // the chosen file, not yet sent
            if (!k.files || !k.files.length) { return; }
            f.files = k.files;
          } else if (f.type === "checkbox" || f.type === "radio") {
            if (f.value !== k.value) { return; }
            f.checked = k.checked;
          } else if (f.tagName === "SELECT") {
            if (!Array.prototype.some.call(f.options, function (o) { return o.value === k.value; })) {
              return;
            }
            f.value = k.value;
          } else { f.value = k.value; }
          f.setAttribute("data-typed", "1");
          if (f.hasAttribute("hx-get")) { reask.push(f); }
        });
      });
    });
  });
  // The odds shown beside a form are asked for again for the values given back (once
  // htmx has set the new form up, when it settles: right after the swap).
  document.addEventListener("htmx:afterSettle", function (event) {
    var settled = event.detail && event.detail.elt;
    if (!settled || !settled.contains) { return; }
    reask = reask.filter(function (f) {
      if (!settled.contains(f)) { return f.isConnected; }
      htmx.trigger(f, "change");
      return false;
    });
  });

  // A click on the battle map fills the area's corner (a burst) or target (a line),
  // and at a table the square of the token to place.
  document.addEventListener("click", function (event) {
    var svg = event.target.closest && event.target.closest(".map-svg svg");
    if (!svg) { return; }
    var box = svg.getBoundingClientRect();
    var view = svg.viewBox.baseVal;
    var scale = view && view.width ? view.width / box.width : 1;
    // Squares of 32 units begin after the margin that holds the coordinates.
    var holder = svg.closest(".map-svg");
    var cell = parseFloat(holder.getAttribute("data-cell") || "32");
    var margin = parseFloat(holder.getAttribute("data-margin") || "0");
    var x = Math.floor(((event.clientX - box.left) * scale - margin) / cell);
    var y = Math.floor(((event.clientY - box.top) * scale - margin) / cell);
    if (x < 0 || y < 0) { return; }
    var shape = document.getElementById("shape");
    var field = document.getElementById(shape && shape.value === "line" ? "toward" : "corner");
    // Filled as if typed: a section drawn anew by the stream keeps the square.
    [field, document.getElementById("place-at")].forEach(function (filled) {
      if (!filled) { return; }
      filled.value = x + ", " + y;
      filled.dispatchEvent(new Event("input", { bubbles: true }));
      filled.dispatchEvent(new Event("change", { bubbles: true }));
    });
  });

  // The game master drags a participant to a new place in the initiative order
  // (the arrow buttons beside each row do the same from the keyboard).
  var dragged = null;
  document.addEventListener("dragstart", function (event) {
    var row = event.target.closest && event.target.closest("#initiative li[data-id]");
    if (!row) { return; }
    dragged = row.getAttribute("data-id");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", dragged);
  });
  document.addEventListener("dragover", function (event) {
    if (dragged && event.target.closest && event.target.closest("#initiative li[data-id]")) {
      event.preventDefault();
    }
  });
  document.addEventListener("drop", function (event) {
    var row = event.target.closest && event.target.closest("#initiative li[data-id]");
    var list = document.getElementById("initiative");
    if (!row || !dragged || !list) { return; }
    event.preventDefault();
    var ids = Array.prototype.map.call(list.querySelectorAll("li[data-id]"),
      function (li) { return li.getAttribute("data-id"); }).filter(function (id) { return id !== dragged; });
    ids.splice(ids.indexOf(row.getAttribute("data-id")), 0, dragged);
    dragged = null;
    htmx.ajax("POST", list.getAttribute("data-reorder"),
      { values: { order: ids.join(",") }, swap: "none", source: list });
  });
})();
