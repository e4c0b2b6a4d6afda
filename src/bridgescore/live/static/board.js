// What a table typed for a board is kept in the phone until it is stored (issue 22): a page reloaded after the
// network dropped shows it again, with the same key, so it is stored once. The stored page forgets it.
(function () {
  function place(path) { return "bridgescore:" + path; }
  var stored = document.querySelector("[data-forget]");
  if (stored) { try { localStorage.removeItem(place(stored.getAttribute("data-forget"))); } catch (e) {} }
  var form = document.getElementById("entry"); if (!form || !window.localStorage) return;
  var store = place(location.pathname);
  try {
    var kept = JSON.parse(localStorage.getItem(store) || "null");
    if (kept) { ["contract", "result", "lead"].forEach(function (n) { if (form[n] && !form[n].value && kept[n]) form[n].value = kept[n]; });
      if (kept.declarer && form.declarer && !form.querySelector("input[name=declarer]:checked")) form.declarer.value = kept.declarer;
      if (kept.key) form.key.value = kept.key; }
  } catch (e) {}
  form.addEventListener("input", function () {
    var kept = {key: form.key.value}; ["contract", "result", "lead", "declarer"].forEach(function (n) { if (form[n]) kept[n] = form[n].value; });
    localStorage.setItem(store, JSON.stringify(kept));
  });
})();
