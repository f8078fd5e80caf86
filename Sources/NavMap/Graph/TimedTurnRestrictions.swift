public import NavCore

/// Turn restrictions that hold only within a time window (`no_left_turn` with `day_on=Mo`, `day_off=Fr`,
/// `hour_on=7`, `hour_off=18`, or `restriction:conditional=no_left_turn @ (Mo-Fr 07:00-18:00)`). They are kept
/// apart from the graph's fixed restrictions: the hierarchy, the landmarks and the connectivity treat the turn as
/// allowed (so they stay valid at any time), and each request judges the windows at its departure time.
public struct TimedTurnRestrictions: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var fromArc: UInt32
        public var toArc: UInt32
        /// ``TravelMode/bit`` mask of the modes it binds.
        public var modes: UInt8
        public var window: TimeWindow

        public init(fromArc: UInt32, toArc: UInt32, modes: UInt8, window: TimeWindow) {
            self.fromArc = fromArc
            self.toArc = toArc
            self.modes = modes
            self.window = window
        }
    }

    /// Sorted by (from arc, to arc).
    public private(set) var entries: [Entry]
    /// Per arc: whether some timed restriction starts at it, so a search looks only then.
    package private(set) var startsAtArc: [Bool]

    public init() {
        entries = []
        startsAtArc = []
    }

    public init(_ entries: [Entry], arcCount: Int) {
        self.entries = entries.sorted { ($0.fromArc, $0.toArc) < ($1.fromArc, $1.toArc) }
        var starts = [Bool](repeating: false, count: entries.isEmpty ? 0 : arcCount)
        for entry in entries where Int(entry.fromArc) < arcCount { starts[Int(entry.fromArc)] = true }
        startsAtArc = starts
    }

    public var count: Int { entries.count }

    /// The restrictions in force at `time`; every one of them when the time is not known, which is the safe
    /// reading of a sign that holds at some hours.
    public func inForce(at time: WeekTime?) -> [RoadGraph.TurnRestriction] {
        entries.compactMap { entry in
            guard time.map(entry.window.contains) ?? true else { return nil }
            return RoadGraph.TurnRestriction(fromArc: entry.fromArc, toArc: entry.toArc, modes: entry.modes)
        }
    }

    /// The table as a graph file stores it: per entry its arcs, modes and a run of window spans.
    package var columns:
        (from: [UInt32], to: [UInt32], modes: [UInt8], spanOffsets: [UInt32], days: [UInt8], starts: [UInt16], ends: [UInt16])
    {
        var offsets: [UInt32] = [0]
        var spans: [TimeWindow.Span] = []
        for entry in entries {
            spans += entry.window.spans
            offsets.append(UInt32(spans.count))
        }
        return (
            entries.map(\.fromArc), entries.map(\.toArc), entries.map(\.modes), offsets, spans.map(\.days),
            spans.map(\.start), spans.map(\.end)
        )
    }

    /// The table read back from a graph file; nil when the columns do not fit together.
    package init?(
        from: [UInt32], to: [UInt32], modes: [UInt8], spanOffsets: [UInt32], days: [UInt8], starts: [UInt16],
        ends: [UInt16], arcCount: Int
    ) {
        guard to.count == from.count, modes.count == from.count, spanOffsets.count == from.count + 1,
            spanOffsets.first == 0, zip(spanOffsets, spanOffsets.dropFirst()).allSatisfy({ $0 <= $1 }),
            Int(spanOffsets[spanOffsets.count - 1]) == days.count, starts.count == days.count,
            ends.count == days.count, from.allSatisfy({ Int($0) < arcCount }), to.allSatisfy({ Int($0) < arcCount }),
            starts.allSatisfy({ $0 < 1440 }), ends.allSatisfy({ $0 < 1440 })
        else { return nil }
        let entries = from.indices.map { i in
            Entry(
                fromArc: from[i], toArc: to[i], modes: modes[i],
                window: TimeWindow(
                    spans: (Int(spanOffsets[i])..<Int(spanOffsets[i + 1])).map {
                        TimeWindow.Span(days: days[$0], start: starts[$0], end: ends[$0])
                    }))
        }
        self.init(entries, arcCount: arcCount)
    }
}
