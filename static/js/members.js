// Picking players from the club's members: typing two letters or more in a name field of a form
// with data-member-search asks the server for the members whose name holds them and offers them in
// the field's list; choosing one fills the field's hidden member id (the input named by the name
// field's data-member-field, else "member") and, for a party's guest, the kind. No words here: the
// page carries them.
(function () {
  "use strict";
  function wire(form, input, list) {
    var member = form.querySelector("input[name='" + (input.dataset.memberField || "member") + "']");
    var kind = input.dataset.memberField ? null : form.querySelector("select[name='kind']");
    if (!member) return;
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
            // One list serves every name field of the form: it holds the last field's matches.
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
  }
  document.querySelectorAll("form[data-member-search]").forEach(function (form) {
    var list = document.getElementById("member-names");
    if (!list) return;
    form.querySelectorAll("input[list='member-names']").forEach(function (input) { wire(form, input, list); });
  });
})();
