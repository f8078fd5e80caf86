/// Where one fix most plausibly lies on the current leg, before any filtering.
struct RouteObservation: Sendable {
    /// Segment of the best candidate.
    var segment: Int
    /// Distance along the leg of the fix's projection onto that segment.
    var distanceAlong: Double
    /// Distance from the fix to the route in metres.
    var crossTrack: Double
    /// Angle between the fix's course and the segment, when the course is meaningful.
    var headingOffset: Double?
    /// Angle between the fix's course and the way the route goes on from the matched point: the next
    /// segment's direction for a fix beyond the end of its segment (driving straight on where the route
    /// turns), otherwise ``headingOffset``.
    var onwardHeadingOffset: Double?
    /// How far the fix lies beyond the end of the leg along its last segment (0 when not beyond).
    var overshoot: Double
    /// Distance from the fix to the line through the last segment, for fixes beyond the end.
    var offsetBeyondEnd: Double
}
