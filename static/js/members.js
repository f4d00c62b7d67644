// Picking a guest from the club's members: typing two letters or more asks the server for the
// members whose name holds them and offers them in the name field's list; choosing one fills the
// hidden member field (and the kind). No words here: the page carries them.
(function () {
  "use strict";
  document.querySelectorAll("form[data-member-search]").forEach(function (form) {
    var input = form.querySelector("input[list='member-names']");
    var list = document.getElementById("member-names");
    var member = form.querySelector("input[name='member']");
    var kind = form.querySelector("select[name='kind']");
    if (!input || !list || !member) return;
    var found = [];
    var timer = null;
    function pick() {
      var chosen = found.find(function (m) { return m.name === input.value; });
      member.value = chosen ? chosen.id : "";
      if (chosen && kind && chosen.kind && !kind.value) kind.value = chosen.kind;
    }
    input.addEventListener("input", function () {
      pick();
      clearTimeout(timer);
      var text = input.value.trim();
      if (text.length < 2) return;
      timer = setTimeout(function () {
        fetch(form.dataset.memberSearch + "?q=" + encodeURIComponent(text), { credentials: "same-origin" })
          .then(function (response) { return response.ok ? response.json() : { members: [] }; })
          .then(function (data) {
            found = data.members || [];
            list.replaceChildren.apply(list, found.map(function (m) {
              var option = document.createElement("option");
              option.value = m.name;
              if (m.number) option.label = m.name + " · " + m.number;
              return option;
            }));
            pick();
          })
          .catch(function () {});
      }, 150);
    });
    input.addEventListener("change", pick);
  });
})();
