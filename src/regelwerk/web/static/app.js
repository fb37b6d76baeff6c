/* regelwerk pages: small enhancements on top of htmx; every page works without them. */
(function () {
  "use strict";

  // After a roll, select the expression so that the next one can be typed at once.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target.closest && event.target.closest("form.roll-form");
    if (form) {
      var input = form.querySelector("input[name=expression]");
      if (input) { input.select(); }
    }
  });
})();
