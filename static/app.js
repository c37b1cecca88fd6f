// Progressive enhancement only: every link and form also works without this file.
(function () {
  "use strict";
  // Polling stops while the tab is hidden (the server stops it for good when the review is done).
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail && event.detail.elt;
    if (document.hidden && elt && elt.hasAttribute("data-poll")) { event.preventDefault(); }
  });

  function rows() { return Array.prototype.slice.call(document.querySelectorAll("tr[data-finding]")); }
  function current() { return document.querySelector("tr[data-finding].selected"); }
  function select(row) {
    if (!row) { return; }
    rows().forEach(function (r) { r.classList.remove("selected"); r.removeAttribute("aria-selected"); });
    row.classList.add("selected");
    row.setAttribute("aria-selected", "true");
    row.focus();
    var link = row.querySelector("a.fid");
    if (link) { link.click(); }
  }
  document.addEventListener("click", function (event) {
    var row = event.target.closest && event.target.closest("tr[data-finding]");
    if (row) { rows().forEach(function (r) { r.classList.remove("selected"); }); row.classList.add("selected"); }
  });
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var list = rows();
    var at = list.indexOf(current());
    if (event.key === "j") { select(list[Math.min(at + 1, list.length - 1)] || list[0]); event.preventDefault(); }
    else if (event.key === "k") { select(list[Math.max(at - 1, 0)]); event.preventDefault(); }
    else if (event.key === "/") { var f = document.querySelector(".filters select"); if (f) { f.focus(); event.preventDefault(); } }
    else if (event.key === "a" || event.key === "p") {
      var form = document.getElementById(event.key === "a" ? "decide-form" : "propose-form");
      if (form) { var first = form.querySelector("select, textarea, input:not([type=hidden])"); if (first) { first.focus(); event.preventDefault(); } }
    }
  });
})();
