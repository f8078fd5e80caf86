import Foundation
import NavProtocol
import Testing

@testable import NavBus

/// The proxy's publication decisions, which it resolves once per sending key and topic frame: the remembered
/// decisions must be the ones a fresh look at the list would give, for every key in a mixed stream, and must be
/// forgotten when the list changes.
@Suite struct PublicationAuthorizerTests {
    let codec = EnvelopeCodec()

    func envelope(source: String, subject: String) throws -> [UInt8] {
        try codec.encode(
            header: EnvelopeHeader(
                id: "1", source: source, type: Topic.gpsFix.eventType, time: .now(), subject: subject, sequence: 1),
            payload: ["latitude": 60.17, "longitude": 24.94])
    }

    func key() throws -> String { try CurveKeyPair.generate().pair.publicKey.z85 }

    func store(_ clients: [ClientPermissions], file: String) throws -> AccessControlStore {
        try AccessControlList(clients: clients).jsonText.write(toFile: file, atomically: true, encoding: .utf8)
        return try AccessControlStore(path: file, log: { _ in })
    }

    func decide(
        _ authorizer: inout PublicationAuthorizer, _ topic: Topic, source: String, subject: String, key: String?
    ) throws -> PublicationAuthorizer.Verdict {
        authorizer.authorize(
            topic: Array(topic.rawValue.utf8), envelope: try envelope(source: source, subject: subject), userID: key)
    }

    @Test func interleavedKeysEachGetTheirOwnDecisionEveryTime() throws {
        let (tracker, navigator, dashboard) = (try key(), try key(), try key())
        let list = try AccessControlList(clients: [
            ClientPermissions(
                name: "tracker", key: #require(CurvePublicKey(z85: tracker)), publish: ["gps."], vehicles: ["car-1"]),
            ClientPermissions(name: "navigator", key: #require(CurvePublicKey(z85: navigator)), publish: ["nav."]),
            ClientPermissions(
                name: "dashboard", key: #require(CurvePublicKey(z85: dashboard)), subscribe: ["nav."], vehicles: ["car-9"]),
        ])
        let scoped = ScopedTopic.frame(topic: Array(Topic.navLocation.rawValue.utf8), vehicle: "car-9")
        var authorizer = PublicationAuthorizer(store: AccessControlStore(list: list))
        for _ in 0..<3 {
            #expect(
                try decide(&authorizer, .gpsFix, source: "navbus://tracker/1", subject: "car-1", key: tracker)
                    == .forward(vehicleFrame: nil))
            #expect(
                try decide(&authorizer, .gpsFix, source: "navbus://tracker/1", subject: "car-2", key: tracker)
                    == .drop(counter: "publishDenied"))
            #expect(
                try decide(&authorizer, .navLocation, source: "navbus://tracker/1", subject: "car-1", key: tracker)
                    == .drop(counter: "publishDenied"))
            // car-9 has a receiver limited to it, car-8 none: only car-9's messages get a scoped copy.
            #expect(
                try decide(&authorizer, .navLocation, source: "navbus://navigator/1", subject: "car-9", key: navigator)
                    == .forward(vehicleFrame: scoped))
            #expect(
                try decide(&authorizer, .navLocation, source: "navbus://navigator/1", subject: "car-8", key: navigator)
                    == .forward(vehicleFrame: nil))
            #expect(
                try decide(&authorizer, .gpsFix, source: "navbus://navigator/1", subject: "car-1", key: navigator)
                    == .drop(counter: "publishDenied"))
            #expect(
                try decide(&authorizer, .navLocation, source: "navbus://tracker/1", subject: "car-1", key: navigator)
                    == .drop(counter: "sourceRejected"))
        }
        #expect(
            try decide(&authorizer, .gpsFix, source: "navbus://tracker/1", subject: "car-1", key: "not a key")
                == .drop(counter: "publishDenied"))
        #expect(
            try decide(&authorizer, .gpsFix, source: "navbus://anyone/1", subject: "car-1", key: nil)
                == .forward(vehicleFrame: nil))
    }

    @Test func aRemovedKeyIsRefusedOnceTheNewListIsTakenUp() throws {
        let file = NSTemporaryDirectory() + "navbus-authorizer-\(UInt32.random(in: 0...UInt32.max)).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (tracker, other) = (try key(), try key())
        let trackerEntry = ClientPermissions(
            name: "tracker", key: try #require(CurvePublicKey(z85: tracker)), publish: ["gps."])
        let otherEntry = ClientPermissions(name: "other", key: try #require(CurvePublicKey(z85: other)), publish: ["gps."])
        let accessControl = try store([trackerEntry, otherEntry], file: file)
        var authorizer = PublicationAuthorizer(store: accessControl)
        #expect(
            try decide(&authorizer, .gpsFix, source: "navbus://tracker/1", subject: "car-1", key: tracker)
                == .forward(vehicleFrame: nil))

        try AccessControlList(clients: [otherEntry]).jsonText.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(accessControl.reload())
        _ = authorizer.refresh()
        #expect(
            try decide(&authorizer, .gpsFix, source: "navbus://tracker/1", subject: "car-1", key: tracker)
                == .drop(counter: "publishDenied"))
        #expect(
            try decide(&authorizer, .gpsFix, source: "navbus://other/1", subject: "car-1", key: other)
                == .forward(vehicleFrame: nil))
    }
}
