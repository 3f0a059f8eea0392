// The peer RefreshLab is measured against: what a Linux user would reach for instead, a stock
// Qt Quick ListView. It keeps to what RefreshLab's window shows (1,000,000 rows of 44 px with a
// title, a grey subtitle and a separator, a pull to refresh that holds a spinner open for 1 s, the
// app's default latency) so the CPU comparison is about the toolkit, not about features left out.
// Run it with the software backend, as RefreshLab runs under Xvfb without a GPU:
//   QT_QUICK_BACKEND=software qmlscene benchmarks/peer/ListView.qml
import QtQuick 2.15
import QtQuick.Window 2.15

Window {
    id: window
    width: 400
    height: 700
    visible: true
    title: "QtPeer"
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

        delegate: Item {
            width: ListView.view.width
            height: window.rowHeight

            Text {
                x: 16
                y: 5
                text: "Row " + (index + 1)
                font.pixelSize: 16
                color: "black"
            }
            Text {
                x: 16
                y: 25
                text: "Item " + index + " of 1,000,000"
                font.pixelSize: 12
                color: "#8e8e93"
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
