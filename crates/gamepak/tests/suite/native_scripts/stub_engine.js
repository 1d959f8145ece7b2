// A stand-in for the engine: every call the game makes at start-up is written to
// `calls`, so that two builds of one game can be compared by what they do.
var calls = [];
function record(name, args) {
    var shown = [];
    for (var i = 0; i < args.length; i++) {
        shown.push(typeof args[i] === "function" ? "<function>" : args[i]);
    }
    calls.push(name + " " + JSON.stringify(shown));
    var last = args[args.length - 1];
    if (typeof last === "function") last();
}
function SetLoadingMessage() { record("SetLoadingMessage", arguments); }
function Transition() { record("Transition", arguments); }
function AddStaticSprite() { record("AddStaticSprite", arguments.length ? [].slice.call(arguments, 1) : []); }
function Viewport() { record("Viewport", []); }
function Background(parent, frame) { record("Background", [frame]); }
function Sprite() { record("Sprite", []); }
var Music = { Set: function () { record("Music.Set", arguments); } };
var methods = ["Move", "MoveOver", "Loop", "Play", "PlaySound", "PlayDialog"];
for (var m = 0; m < methods.length; m++) {
    (function (name) {
        var method = function () { record(name, arguments); return this; };
        Sprite.prototype[name] = method;
        Viewport.prototype[name] = method;
    })(methods[m]);
}
