#!/bin/bash
# Drives the real app on the demo model and saves screenshots (a look at it as a user would):
#   xvfb-run -a -s "-screen 0 1600x1000x24" scripts/gui-drive.sh [OUT_DIR]
# Types a message, waits for the reply, starts a second chat, switches back, opens a tab,
# then starts the app again without --model (it reopens the last model). Needs xdotool and
# imagemagick (scripts/sluice.sh test packages). A fresh HOME, so no user settings are touched.
set -u
out=${1:-/tmp/sluice-shots}; rm -rf "$out"; mkdir -p "$out"
export HOME=$(mktemp -d); mkdir -p $HOME/Pictures
export XDG_CONFIG_HOME=$HOME/.config XDG_DATA_HOME=$HOME/.local/share
cd "$(dirname "$0")/.."
shot() { sleep ${2:-1}; import -window root $out/$1.png; }
build/gui/sluice --model build/demo/sluice-demo.waste > $out/app.log 2>&1 &
pid=$!
sleep 6
wid=$(xdotool search --pid $pid | tail -1)
xdotool windowsize $wid 1600 1000 windowmove $wid 0 0; sleep 1
xdotool mousemove 700 880 click 1; sleep 0.5
xdotool type --delay 20 "What does water mean?"
xdotool key Return
shot 01-streaming 1.5
sleep 9
shot 02-replied 0.5
xdotool key Escape; sleep 0.5
xdotool key ctrl+n; sleep 0.5
xdotool type --delay 20 "Second chat: tell me a story"
xdotool key Return
sleep 10
shot 03-second 0.5
xdotool key Escape; sleep 0.5
xdotool key ctrl+Page_Down
shot 04-switched 1
xdotool mousemove 1306 32 click 1
shot 05-model-tab 1
kill $pid; wait $pid 2>/dev/null
# Second start: reopens the last model, shows chats again.
build/gui/sluice > $out/app2.log 2>&1 &
pid=$!
sleep 7
shot 06-restart 0.5
kill $pid; wait $pid 2>/dev/null
rm -rf "$HOME"
