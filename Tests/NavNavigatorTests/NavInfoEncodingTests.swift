import Foundation
import NavBus
import NavProtocol
import Testing

@testable import NavNavigator

/// `nav.nav_info.v1` leaves the navigator either fully encoded or with its steps encoded once per step; both
/// must write the same members.
@Suite("Nav info encoding")
struct NavInfoEncodingTests {
    static let info = ProtocolSamples.navInfo

    @Test("the cached-steps path writes exactly the JSON of the plain path")
    func cachedEqualsPlain() throws {
        let current = try #require(Self.info.currentStep)
        var cache = RemainingStepsCache()
        let encoded = cache.json(generation: 1, leg: 0, current: current, remaining: Self.info.remainingSteps)
        let steps = try #require(encoded)
        let plain = try StreamingJSONEncoder().encode(NavInfoMessage(Self.info))
        let cached = try StreamingJSONEncoder().encode(NavInfoMessage(Self.info, encodedSteps: steps))
        #expect(cached == plain)
        let foundation = try JSONSerialization.jsonObject(with: Data(plain)) as? NSDictionary
        #expect(foundation == (try JSONSerialization.jsonObject(with: Data(JSONEncoder().encode(Self.info))) as? NSDictionary))
    }

    @Test("NavInfoEncoding lists every member of NavInfo, in order")
    func membersAgree() {
        let payload = Mirror(reflecting: Self.info).children.compactMap(\.label)
        let encoding = Mirror(
            reflecting: NavInfoEncoding(Self.info, currentStep: Self.info.currentStep, remainingSteps: Self.info.remainingSteps)
        ).children.compactMap(\.label)
        #expect(payload == encoding)
    }
}
