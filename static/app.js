// Progressive enhancement only: every link and form also works without this file.
(function () {
  "use strict";
  var sleeping = [];
  // Polling pauses while the tab is hidden and wakes when it is shown again (the server ends it for good
  // when the review is done).
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail && event.detail.elt;
    if (document.hidden && elt && elt.hasAttribute("data-poll")) {
      event.preventDefault();
      if (sleeping.indexOf(elt) < 0) { sleeping.push(elt); }
    }
  });
  document.addEventListener("visibilitychange", function () {
    if (document.hidden || !window.htmx) { return; }
    var waking = sleeping; sleeping = [];
    waking.forEach(function (elt) { if (document.body.contains(elt)) { window.htmx.trigger(elt, "wake"); } });
  });

  function live() { return document.getElementById("live"); }
  function view() { var l = live(); return (l && l.getAttribute("data-view")) || "table"; }
  // j/k walk the document when it is shown (draft order), else the table (its own sort).
  function items() {
    var scope = view() === "table" ? "#findings-table tr[data-finding]" : "#document [data-finding]";
    return Array.prototype.slice.call(document.querySelectorAll(scope));
  }
  function selectedPk() { return new URLSearchParams(window.location.search).get("finding"); }
  function mark(pk, scroll) {
    document.querySelectorAll(".selected[data-pk]").forEach(function (e) {
      e.classList.remove("selected"); e.removeAttribute("aria-current");
    });
    if (!pk) { return null; }
    var first = null;
    document.querySelectorAll('[data-pk="' + pk + '"]').forEach(function (e) {
      if (e.closest("#evidence")) { return; }
      e.classList.add("selected"); e.setAttribute("aria-current", "true");
      if (!first && e.hasAttribute("data-finding")) { first = e; }
    });
    if (first && scroll) { first.scrollIntoView({block: "nearest"}); }
    return first;
  }
  function remember(pk) {
    var url = new URL(window.location.href);
    if (url.searchParams.get("finding") === String(pk)) { return; }
    url.searchParams.set("finding", pk);
    window.history.replaceState(window.history.state, "", url.toString());
  }
  function open(el) {
    if (!el) { return; }
    mark(el.getAttribute("data-pk"), true);
    el.focus({preventScroll: true});
    var link = el.matches("a") ? el : el.querySelector("a.fid");
    if (link) { link.click(); }
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target) { return; }
    if (target.id === "evidence") {
      var article = target.querySelector("article[data-pk]");
      if (article) { var pk = article.getAttribute("data-pk"); remember(pk); mark(pk, true); }
    } else if (target.id === "live" || target.closest && target.closest("#live")) {
      mark(selectedPk(), false);
    }
  });
  // Filters and views rewrite the URL (hx-push-url) without the open finding: put it back, so that a
  // reload or a copied link still opens it.
  function keepOpenFinding() {
    var article = document.querySelector("#evidence article[data-pk]");
    if (article) { remember(article.getAttribute("data-pk")); }
    mark(selectedPk(), false);
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt.id === "live") { keepOpenFinding(); }
  });
  document.addEventListener("htmx:pushedIntoHistory", keepOpenFinding);
  document.addEventListener("DOMContentLoaded", function () { mark(selectedPk(), true); });

  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var list = items();
    var pk = selectedPk();
    var at = -1;
    for (var i = 0; i < list.length; i++) { if (list[i].getAttribute("data-pk") === pk) { at = i; break; } }
    if (event.key === "j") { open(list[Math.min(at + 1, list.length - 1)] || list[0]); event.preventDefault(); }
    else if (event.key === "k") { open(list[Math.max(at - 1, 0)]); event.preventDefault(); }
    else if (event.key === "/") { var f = document.querySelector(".filters select"); if (f) { f.focus(); event.preventDefault(); } }
    else if (event.key === "a" || event.key === "p") {
      var form = document.getElementById(event.key === "a" ? "decide-form" : "propose-form");
      if (form) { var first = form.querySelector("select, textarea, input:not([type=hidden])"); if (first) { first.focus(); event.preventDefault(); } }
    }
  });
})();
