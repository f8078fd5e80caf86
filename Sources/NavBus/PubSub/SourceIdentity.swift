#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who publishes: the process role and its instance name, giving the CloudEvents `source`
/// `navbus://<role>/<instance>`.
public struct SourceIdentity: Sendable, Equatable {
    /// The role, e.g. `navigator`, `feeder`, `proxy`, `cli`.
    public let role: String
    /// Unique among running processes of the role; by default `<hostname>-<pid>`.
    public let instance: String
    /// A random tag of this run, so ids stay unique when an instance restarts with the same name.
    public let run: String

    public init(role: String, instance: String? = nil) {
        self.role = role
        self.instance = instance ?? Self.defaultInstance()
        self.run = String(UInt32.random(in: .min ... .max), radix: 16)
    }

    public var source: String { "navbus://\(role)/\(instance)" }

    static func defaultInstance() -> String {
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count - 1)
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(host.isEmpty ? "localhost" : host)-\(getpid())"
    }
}
