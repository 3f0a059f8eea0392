// The variable-height peer for `--rows-style varied` (issue 24): the same stock Qt Quick ListView
// as ListView.qml, its rows built like RefreshLab's feed: a round avatar with an initial, a bold
// name, a body of one to eight lines wrapped at the row's width, and in about one row of four an
// image (a gradient standing in for RefreshLab's generated landscape) 240 px on its longer side.
// Heights come from the delegate's own layout, measured by Qt as each row is created, the way
// RefreshLab measures its rows as they show.
//   QT_QUICK_BACKEND=software qmlscene benchmarks/peer/FeedView.qml
import QtQuick 2.15
import QtQuick.Window 2.15

Window {
    id: window
    width: 400
    height: 700
    visible: true
    title: "QtPeerFeed"
    color: "white"

    // Distances in px, the same defaults RefreshLab's core uses for its header.
    readonly property int rowHeight: 44
    readonly property int threshold: 60
    property bool refreshing: false

    ListView {
        id: list
        anchors.fill: parent
        model: 1000000
        // Without this a flick past the end keeps going into blank space; iOS-like lists bounce.
        boundsBehavior: Flickable.DragAndOvershootBounds
        // The top margin holds the header open while refreshing, as a refresh control's inset does.
        // It opens at once, on release, so the bounce that follows already aims at the held-open
        // position; it closes over 0.25 s, RefreshLab's collapse.
        NumberAnimation on topMargin {
            id: collapse
            running: false
            to: 0
            duration: 250
            easing.type: Easing.InOutQuad
        }

        onDragEnded: {
            if (!window.refreshing && contentY < originY - topMargin - window.threshold) {
                window.refreshing = true
                collapse.stop()
                topMargin = window.threshold
                refreshTimer.restart()
            }
        }

        // Deterministic words and lengths from the row's index, like the feed's seeded posts.
        readonly property var words: ["morning", "coffee", "river", "train", "window", "garden",
            "city", "rain", "light", "walk", "bridge", "market", "quiet", "bright", "slow", "the",
            "a", "under", "after", "with", "we", "found", "saw", "made", "little", "old", "new",
            "friends", "weekend", "harbour", "street", "music", "evening", "mountain", "clouds"]
        function hash(i, salt) { return ((i + 1) * 2654435761 + salt * 40503) % 4294967296 }
        function body(i) {
            var sentences = 1 + hash(i, 1) % 3 + (hash(i, 2) % 4 == 0 ? hash(i, 3) % 6 : 0)
            var out = ""
            for (var s = 0; s < sentences; s++) {
                var length = 5 + hash(i, 10 + s) % 9
                for (var w = 0; w < length; w++)
                    out += (w == 0 && s > 0 ? " " : (w == 0 ? "" : " ")) + words[hash(i, 100 + s * 16 + w) % words.length]
                out += "."
            }
            return out
        }

        delegate: Item {
            id: row
            width: ListView.view.width
            height: Math.max(40, column.height) + 25
            readonly property bool hasImage: list.hash(index, 7) % 4 == 0

            Rectangle {
                x: 16
                y: 12
                width: 40
                height: 40
                radius: 20
                color: ["#5C6BC0", "#26A69A", "#EF6C00", "#8D6E63"][index % 4]
                Text {
                    anchors.centerIn: parent
                    text: String.fromCharCode(65 + index % 26)
                    font.pixelSize: 15
                    font.bold: true
                    color: "white"
                }
            }
            Column {
                id: column
                x: 68
                y: 12
                width: row.width - 84
                spacing: 2
                Text {
                    text: "#" + (index + 1) + " Amber Falcon"
                    font.pixelSize: 15
                    font.bold: true
                    color: "#1c1c1e"
                }
                Text {
                    width: column.width
                    text: list.body(index)
                    wrapMode: Text.WordWrap
                    font.pixelSize: 14
                    color: "#1c1c1e"
                }
                Rectangle {
                    visible: row.hasImage
                    width: visible ? Math.min(column.width, 240) : 0
                    height: visible ? width * 3 / 4 : 0
                    gradient: Gradient {
                        GradientStop { position: 0.0; color: "#6a5acd" }
                        GradientStop { position: 0.6; color: "#b0a8e8" }
                        GradientStop { position: 0.61; color: "#2e7d32" }
                    }
                }
            }
            Rectangle {
                x: 16
                anchors.bottom: parent.bottom
                width: parent.width - 16
                height: 1
                color: "#c8c7cc"
            }
        }
    }

    // The header: a label while pulling, a spinning square while refreshing. It sits in the space the
    // list uncovers above row 0, so it costs nothing while the list is at rest.
    Item {
        id: header
        width: window.width
        height: window.threshold
        y: list.originY - list.contentY - height
        visible: y > -height

        Text {
            anchors.centerIn: parent
            visible: !window.refreshing
            text: header.y >= 0 ? "Release to refresh" : "Pull to refresh"
            font.pixelSize: 14
            color: "#555555"
        }
        Rectangle {
            id: spinner
            anchors.centerIn: parent
            width: 20
            height: 20
            color: "#00bcd4"
            visible: window.refreshing
            RotationAnimation on rotation {
                running: window.refreshing
                from: 0
                to: 360
                duration: 800
                loops: Animation.Infinite
            }
        }
    }

    // Stands in for the network: the app's simulated source answers after its default 1 s latency.
    Timer {
        id: refreshTimer
        interval: 1000
        onTriggered: {
            window.refreshing = false
            collapse.start()
        }
    }
}
