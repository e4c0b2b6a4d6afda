// The live evening's small behaviours on every page (issue 22), read from the page's data- attributes: no page
// carries a script or an event handler of its own, so the Content-Security-Policy runs scripts of the site only
// (script-src 'self'). Each works without scripts too: a link, a plain form.
(function () {
  // "Back" on a message: the page before, as it was typed (without scripts: the link to the page it came from)
  document.addEventListener("click", function (e) {
    var back = e.target.closest && e.target.closest("[data-back]");
    if (back && window.history.length > 1) { e.preventDefault(); window.history.back(); }
    if (e.target.closest && e.target.closest("[data-print]")) { window.print(); }
  });
  // a form that asks first (closing the evening): sent only when the director says yes
  document.addEventListener("submit", function (e) {
    var ask = e.target.getAttribute && e.target.getAttribute("data-ask");
    if (ask && !window.confirm(ask)) e.preventDefault();
  });
  // the desk's movements: choosing one fills in its name and its boards per round
  document.addEventListener("change", function (e) {
    var chosen = e.target, movement = document.getElementById("movement"), boards = document.getElementById("bpr");
    if (!chosen.hasAttribute || !chosen.hasAttribute("data-movement") || !movement || !boards) return;
    movement.value = chosen.getAttribute("data-movement");
    boards.value = chosen.getAttribute("data-boards");
  });
})();
