import Foundation

/// CPU time a process has used so far, split between libzmq's I/O threads (`ZMQbg/IO/N`, where the ZMTP
/// encoding and, with CURVE, every frame's encryption and decryption happen) and all its other threads (the
/// application: envelope coding, the proxy's forwarding and authorization). Read from `/proc/PID/task/*/stat`,
/// so it works for the bench's children and for the real `navbus-proxy` alike.
struct ProcessCPU {
    var application: Double = 0
    var io: Double = 0

    var total: Double { application + io }

    /// Seconds per clock tick of `/proc` (utime and stime are counted in ticks).
    private static let tick = 1 / Double(max(1, sysconf(Int32(_SC_CLK_TCK))))

    /// The process's threads as they are now; an exited process reads as zero.
    static func sample(pid: Int32) -> ProcessCPU {
        var cpu = ProcessCPU()
        let directory = "/proc/\(pid)/task"
        for thread in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            guard let stat = try? String(contentsOfFile: "\(directory)/\(thread)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            let name = stat[stat.index(after: open)..<close]
            // Fields after the name: state is field 3, utime 14 and stime 15 (proc(5)).
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            let seconds = (user + system) * tick
            if name.hasPrefix("ZMQbg/IO") { cpu.io += seconds } else { cpu.application += seconds }
        }
        return cpu
    }

    static func - (after: ProcessCPU, before: ProcessCPU) -> ProcessCPU {
        ProcessCPU(application: after.application - before.application, io: after.io - before.io)
    }

    /// Two numbers for a child's report line.
    var fields: String { "\(application) \(io)" }

    init(application: Double = 0, io: Double = 0) {
        self.application = application
        self.io = io
    }

    /// Reads `fields` back.
    init?(fields: ArraySlice<Double>) {
        guard fields.count == 2, let application = fields.first, let io = fields.last else { return nil }
        self.init(application: application, io: io)
    }

    /// Microseconds per message: application + I/O threads.
    func perMessage(_ messages: Int) -> String {
        let scale = 1e6 / Double(max(1, messages))
        return String(format: "%.1f (app %.1f + io %.1f)", total * scale, application * scale, io * scale)
    }
}
