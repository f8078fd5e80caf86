import Synchronization

/// A one-way "please stop" switch shared between a signal handler and the loops that poll it.
public final class StopFlag: Sendable {
    private let stopped = Atomic<Bool>(false)

    public init() {}

    public func requestStop() { stopped.store(true, ordering: .releasing) }

    public var isStopRequested: Bool { stopped.load(ordering: .acquiring) }
}
