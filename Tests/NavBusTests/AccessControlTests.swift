import Foundation
import NavBus
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The ACL file, key files and the decisions made from them, without sockets.
@Suite struct AccessControlTests {
    static func key() throws -> CurvePublicKey { try CurveKeyPair.generate().pair.publicKey }

    static func acl(_ entries: [String]) throws -> AccessControlList {
        try AccessControlList(json: Array("{\"clients\": [\(entries.joined(separator: ","))]}".utf8))
    }

    @Test func parsesTheIssueExampleAndGrantsOnlyWhatItSays() throws {
        let key = try Self.key()
        let list = try Self.acl([
            """
            {"name": "dash", "key": "\(key.z85)", "publish": ["nav."], "vehicles": ["car-1"],
             "subscribe": ["nav.", "sys."], "call": ["navigator.getState"]}
            """
        ])
        let dash = try #require(list.client(withKey: key.z85))
        #expect(dash.mayPublish(topic: "nav.location.v1", subject: "car-1", source: "navbus://dash/x"))
        #expect(!dash.mayPublish(topic: "nav.location.v1", subject: "car-2", source: "navbus://dash/x"))
        #expect(!dash.mayPublish(topic: "gps.fix.v1", subject: "car-1", source: "navbus://dash/x"))
        #expect(!dash.mayPublish(topic: "nav.location.v1", subject: "car-1", source: "navbus://navigator/x"))
        #expect(dash.mayCall(method: "navigator.getState", vehicle: "car-1"))
        #expect(!dash.mayCall(method: "navigator.getState", vehicle: "car-2"))
        #expect(!dash.mayCall(method: "navigator.clearDestinations", vehicle: "car-1"))
        #expect(list.hasScopedReceivers(for: "car-1"))
        #expect(!list.hasScopedReceivers(for: "car-2"))
    }

    @Test func missingVehiclesMeansAllAndStarsArePrefixes() throws {
        let all = try Self.key()
        let fleet = try Self.key()
        let list = try Self.acl([
            "{\"name\": \"navigator\", \"key\": \"\(all.z85)\", \"publish\": [\"nav.*\", \"sys.\"]}",
            "{\"name\": \"fleet\", \"key\": \"\(fleet.z85)\", \"publish\": [\"gps.\"], \"vehicles\": [\"car-*\"], \"sources\": [\"navbus://feeder/\"]}",
        ])
        let navigator = try #require(list.client(withKey: all.z85))
        #expect(navigator.mayPublish(topic: "nav.arrival.v1", subject: "anything", source: "navbus://navigator/a"))
        let feeder = try #require(list.client(withKey: fleet.z85))
        #expect(feeder.mayPublish(topic: "gps.fix.v1", subject: "car-17", source: "navbus://feeder/f"))
        #expect(!feeder.mayPublish(topic: "gps.fix.v1", subject: "bus-1", source: "navbus://feeder/f"))
        #expect(!feeder.mayPublish(topic: "gps.fix.v1", subject: "car-17", source: "navbus://fleet/f"))
    }

    @Test func vehicleLimitsDoNotApplyToHeartbeatsOrTraffic() throws {
        let key = try Self.key()
        let list = try Self.acl([
            "{\"name\": \"p\", \"key\": \"\(key.z85)\", \"publish\": [\"sys.\", \"traffic.\"], \"vehicles\": [\"car-1\"]}"
        ])
        let client = try #require(list.client(withKey: key.z85))
        #expect(client.mayPublish(topic: "sys.heartbeat.v1", subject: "navbus-x/1", source: "navbus://p/1"))
        #expect(client.mayPublish(topic: "traffic.conditions.v1", subject: "provider", source: "navbus://p/1"))
    }

    @Test func subscriptionsRegisterOnlyWhatTheKeyMaySee() throws {
        let open = try Self.key()
        let limited = try Self.key()
        let list = try Self.acl([
            "{\"name\": \"all\", \"key\": \"\(open.z85)\", \"subscribe\": [\"nav.\", \"sys.\"]}",
            "{\"name\": \"dash\", \"key\": \"\(limited.z85)\", \"subscribe\": [\"nav.arrival.\", \"sys.\"], \"vehicles\": [\"car-1\", \"van-*\"]}",
        ])
        let all = try #require(list.client(withKey: open.z85))
        #expect(all.registrations(forSubscription: []).map(text) == ["nav.", "sys."])
        #expect(all.registrations(forSubscription: Array("nav.location.".utf8)).map(text) == ["nav.location."])
        #expect(all.registrations(forSubscription: Array("gps.".utf8)).isEmpty)
        let dash = try #require(list.client(withKey: limited.z85))
        #expect(
            dash.registrations(forSubscription: Array("nav.".utf8)).map(text) == [
                "nav.arrival.v1[car-1]", "nav.arrival.v1[van-",
            ])
        #expect(dash.registrations(forSubscription: []).map(text).contains("sys.heartbeat.v1"))
        #expect(dash.registrations(forSubscription: Array("nav.location.".utf8)).isEmpty)
    }

    @Test func scopedFramesSplitBackIntoTopicAndVehicle() {
        let frame = ScopedTopic.frame(topic: Array("nav.location.v1".utf8), vehicle: "car-1")
        #expect(text(frame) == "nav.location.v1[car-1]")
        let (topic, vehicle) = ScopedTopic.split(frame)
        #expect(text(Array(topic)) == "nav.location.v1")
        #expect(vehicle.map { text(Array($0)) } == "car-1")
        #expect(ScopedTopic.split(Array("nav.location.v1".utf8)).vehicle == nil)
    }

    @Test(arguments: [
        ("{\"clients\": {}}", "array"),
        ("{\"clients\": [{\"name\": \"a\", \"key\": \"short\"}]}", "Z85"),
        ("{\"clients\": [{\"name\": \"a\", \"key\": \"KEY\", \"subscibe\": []}]}", "unknown member 'subscibe'"),
        ("{\"clients\": [{\"name\": \"a\", \"key\": \"KEY\", \"publish\": \"nav.\"}]}", "array of strings"),
        ("{\"clients\": [{\"name\": \"a\", \"key\": \"KEY\"}, {\"name\": \"a\", \"key\": \"KEY2\"}]}", "unique"),
        ("{\"clients\": [{\"name\": \"a\", \"key\": \"KEY\", \"vehicles\": [\"x]\"]}]}", "'['"),
        ("not json", "not JSON"),
    ])
    func rejectsMistakesNamingTheMember(json: String, expected: String) throws {
        let text = json.replacingOccurrences(of: "KEY2", with: try Self.key().z85)
            .replacingOccurrences(of: "KEY", with: try Self.key().z85)
        #expect {
            _ = try AccessControlList(json: Array(text.utf8))
        } throws: { error in
            (error as? AccessControlError)?.message.contains(expected) == true
        }
    }

    @Test func narrowingIsDetectedAndAdditionsAreNot() throws {
        let first = try Self.key()
        let second = try Self.key()
        let entry = { (name: String, key: CurvePublicKey, subscribe: String) in
            "{\"name\": \"\(name)\", \"key\": \"\(key.z85)\", \"subscribe\": [\"\(subscribe)\"]}"
        }
        let old = try Self.acl([entry("a", first, "nav.")])
        #expect(!old.isNarrowed(by: try Self.acl([entry("a", first, "nav."), entry("b", second, "sys.")])))
        #expect(old.isNarrowed(by: try Self.acl([entry("a", first, "nav.location.")])))
        #expect(old.isNarrowed(by: try Self.acl([entry("b", second, "nav.")])))
    }

    @Test func zapRefusesUnknownKeysAndWrongSockets() throws {
        let open = try Self.key()
        let limited = try Self.key()
        let store = AccessControlStore(
            list: try Self.acl([
                "{\"name\": \"all\", \"key\": \"\(open.z85)\", \"subscribe\": [\"nav.\"]}",
                "{\"name\": \"dash\", \"key\": \"\(limited.z85)\", \"subscribe\": [\"nav.\"], \"vehicles\": [\"car-1\"]}",
            ]))
        let counters = BusCounters()
        func ask(_ key: CurvePublicKey?, _ domain: ZAPDomain) -> ZAPDecision {
            store.decide(
                ZAPRequest(domain: domain.rawValue, address: "127.0.0.1", mechanism: "CURVE", clientKey: key?.z85),
                counters: counters)
        }
        #expect(ask(open, .subscribers) == .allow(userID: open.z85))
        #expect(ask(limited, .vehicleSubscribers) == .allow(userID: limited.z85))
        #expect(ask(limited, .subscribers) != .allow(userID: limited.z85))
        #expect(ask(open, .publishers) != .allow(userID: open.z85))
        #expect(ask(open, .control) != .allow(userID: open.z85))
        #expect(ask(try Self.key(), .subscribers) != .allow(userID: ""))
        #expect(counters.value("authDenied") == 4)
    }

    @Test func keygenWritesAPrivateSecretAndReadsItBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try KeyFiles.generate(name: "navigator", directory: directory.path)
        let mode = try FileManager.default.attributesOfItem(atPath: written.secretKeyPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let pair = try KeyFiles.readSecretKey(path: written.secretKeyPath)
        #expect(pair.publicKey == written.publicKey)
        #expect(try KeyFiles.readPublicKey(path: written.publicKeyPath) == written.publicKey)
        #expect(!"\(pair)".contains(try String(contentsOfFile: written.secretKeyPath, encoding: .utf8).prefix(40)))
        #expect(throws: SecurityError.self) { try KeyFiles.generate(name: "navigator", directory: directory.path) }

        chmod(written.secretKeyPath, 0o644)
        #expect {
            _ = try KeyFiles.readSecretKey(path: written.secretKeyPath)
        } throws: { error in
            (error as? SecurityError)?.code == .exposedSecretKey
                && (error as? SecurityError)?.message.contains("chmod 600") == true
        }
    }

    @Test func storePicksUpAChangedFileAndKeepsTheOldListWhenTheNewOneIsBroken() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("acl-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try Self.key()
        let second = try Self.key()
        let write = { (text: String) in try text.write(toFile: path, atomically: true, encoding: .utf8) }
        try write("{\"clients\": [{\"name\": \"a\", \"key\": \"\(first.z85)\"}]}")
        let store = try AccessControlStore(path: path) { _ in }
        #expect(store.current.client(withKey: first.z85) != nil)
        try write("{\"clients\": [{\"name\": \"b\", \"key\": \"\(second.z85)\"}]}")
        #expect(store.reload())
        #expect(store.current.client(withKey: first.z85) == nil)
        #expect(store.current.client(withKey: second.z85)?.name == "b")
        try write("{\"clients\": [")
        #expect(!store.reload())
        #expect(store.current.client(withKey: second.z85)?.name == "b")
        // Without a signal: a changed file is noticed the next time the list is consulted, a second on.
        let generation = store.generation
        try write("{\"clients\": [{\"name\": \"a\", \"key\": \"\(first.z85)\"}]}")
        Thread.sleep(forTimeInterval: 1.1)
        #expect(store.current.client(withKey: first.z85)?.name == "a")
        #expect(store.generation == generation + 1)
    }
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
