// The club room's screen (issue 22): shows the ranking and the last boards in turn, and reloads when the evening
// changed (its revision, a few bytes a poll).
(function () {
  var panels = document.getElementById("panels"); if (!panels) return;
  var shown = 0, all = panels.querySelectorAll(".panel");
  if (all.length > 1) { panels.classList.add("rotate"); setInterval(function () {
    all[shown].classList.remove("shown"); shown = (shown + 1) % all.length; all[shown].classList.add("shown"); }, 15000); }
  setInterval(function () {
    fetch(location.pathname + "/revision", {cache: "no-store"}).then(function (r) { return r.text(); }).then(function (rev) {
      if (rev && rev !== panels.dataset.revision) location.reload(); }).catch(function () {});
  }, 5000);
})();
