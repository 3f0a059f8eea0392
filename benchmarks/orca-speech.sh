#!/bin/sh
# What Orca says of a window: `make orca-speech` (or benchmarks/orca-speech.sh APP [ARGS...]).
#
# Everything runs private to this script: a session bus (dbus-daemon), at-spi2-core's
# accessibility bus on it (at-spi-bus-launcher, whose bus starts at-spi2-registryd), an Xvfb
# display, speech-dispatcher with an output module that appends each utterance to a file and has
# espeak-ng speak it into a WAV file (there is no sound card), the app, and Debian's orca. The
# script clicks the third row, presses Down, waits, presses F5 and waits for the refresh, then
# prints what speech-dispatcher was given to say, one utterance a line. Orca's own debug log
# (its "SPEECH OUTPUT" lines) is kept beside it. Every wait is bounded and says what it waited
# for. Exit 1 when something did not start.
set -u
app=${1:?usage: orca-speech.sh APP [ARGS...]}
shift
for tool in dbus-daemon /usr/libexec/at-spi-bus-launcher Xvfb xdotool orca speech-dispatcher espeak-ng gdbus; do
  command -v "$tool" >/dev/null 2>&1 || { echo "orca-speech: $tool is missing (make deps installs it)" >&2; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/orca-speech.XXXXXX")
pids=""
cleanup() {
  # The launcher's bus (a dbus-daemon it started) outlives the launcher: its children go first.
  for pid in $pids; do
    for child in $(cat "/proc/$pid/task/$pid/children" 2>/dev/null); do kill -9 "$child" 2>/dev/null; done
    kill -9 "$pid" 2>/dev/null
  done
  # The accessibility bus's registry outlives its launcher; it is found by its runtime folder.
  for pid in $(pgrep -f at-spi2-registryd); do
    grep -qz "XDG_RUNTIME_DIR=$work/runtime" "/proc/$pid/environ" 2>/dev/null && kill -9 "$pid"
  done
  echo "orca-speech: logs kept in $work" >&2
}
trap cleanup EXIT
# Looks at a condition every 0.1 s, `seconds` at most; says what it waited for when it ran out.
wait_for() {
  what=$1 seconds=$2
  shift 2
  tries=$((seconds * 10))
  while ! "$@" >/dev/null 2>&1; do
    tries=$((tries - 1))
    [ "$tries" -gt 0 ] || { echo "orca-speech: waited ${seconds}s for $what" >&2; exit 1; }
    sleep 0.1
  done
}

mkdir -p "$work/runtime" "$work/speech/modules" "$work/orca-prefs" "$work/data"
chmod 700 "$work/runtime"
export XDG_RUNTIME_DIR="$work/runtime" XDG_DATA_HOME="$work/data" SDL_AUDIODRIVER=dummy

dbus-daemon --session --nofork --nopidfile --print-address=1 >"$work/bus" 2>/dev/null &
pids="$pids $!"
wait_for "dbus-daemon's address" 10 test -s "$work/bus"
DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$work/bus")
export DBUS_SESSION_BUS_ADDRESS

Xvfb -displayfd 1 -screen 0 1024x768x24 -nolisten tcp >"$work/display" 2>/dev/null &
pids="$pids $!"
wait_for "Xvfb's display" 10 test -s "$work/display"
DISPLAY=:$(head -n 1 "$work/display")
export DISPLAY

/usr/libexec/at-spi-bus-launcher --launch-immediately >"$work/launcher.log" 2>&1 &
pids="$pids $!"
gdbus wait --session --timeout 20 org.a11y.Bus || { echo "orca-speech: no org.a11y.Bus within 20 s" >&2; exit 1; }

# speech-dispatcher's "generic" module runs a command per utterance: append it to spoken.txt,
# and let espeak-ng synthesize it into a WAV file.
cat >"$work/speech/speechd.conf" <<EOF
CommunicationMethod "unix_socket"
SocketPath "$work/speech/speechd.sock"
LogDir "$work/speech"
AddModule "capture" "sd_generic" "capture.conf"
DefaultModule capture
AudioOutputMethod "libao"
EOF
cat >"$work/speech/capture.conf" <<EOF
GenericExecuteSynth "printf '%s\\\\n' \\'\$DATA\\' >> $work/spoken.txt; printf %s \\'\$DATA\\' | espeak-ng -v \$VOICE --stdin -w $work/speech/last.wav"
GenericCmdDependency "espeak-ng"
GenericLanguage "en" "en-us" "utf-8"
GenericLanguage "en-us" "en-us" "utf-8"
AddVoice "en" "MALE1" "en-us"
DefaultVoice "en-us"
EOF
cp "$work/speech/capture.conf" "$work/speech/modules/capture.conf"
speech-dispatcher -s -t 0 -C "$work/speech" -S "$work/speech/speechd.sock" -L "$work/speech" \
  >"$work/speech/daemon.log" 2>&1 &
pids="$pids $!"
wait_for "speech-dispatcher's socket" 10 test -S "$work/speech/speechd.sock"
export SPEECHD_ADDRESS="unix_socket:$work/speech/speechd.sock"

"$app" "$@" >"$work/app.out" 2>"$work/app.err" &
pids="$pids $!"
wait_for "the app's window" 30 xdotool search --onlyvisible --name .
window=$(xdotool search --onlyvisible --name . | head -n 1)

orca --replace -u "$work/orca-prefs" --debug-file="$work/orca.debug" >"$work/orca.out" 2>&1 &
pids="$pids $!"
# Orca speaks the focused window once it is ready.
wait_for "Orca to present the window" 60 grep -q "List with" "$work/spoken.txt"

# A click on the third row (Orca moves its focus silently on a click), Down to the fourth row,
# then F5, and the refresh's result.
xdotool mousemove --window "$window" 200 110 click 1
sleep 1
xdotool key Down
wait_for "Orca to speak the row Down moved to" 20 sh -c "[ \$(wc -l < '$work/spoken.txt') -gt 4 ]"
lines=$(wc -l <"$work/spoken.txt")
xdotool key F5
wait_for "Orca to speak the refresh's result" 30 sh -c "tail -n +$((lines + 1)) '$work/spoken.txt' | grep -q 'new row\\|failed\\|No more'"
cat "$work/spoken.txt"
