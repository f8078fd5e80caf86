import NavCore
import NavTesting
import Foundation
import NavMap
import Testing

@Suite struct CorruptInputTests {
    func write(_ bytes: [UInt8], name: String) throws -> String {
        let path = try TemporaryDirectory.make() + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func missingFileNamesTheFile() {
        do {
            _ = try MapLoader.load(path: "/nonexistent/map.osm.pbf")
            Issue.record("expected an error")
        } catch let error as MapError {
            #expect(error.code == .fileNotFound)
            #expect(error.description.contains("/nonexistent/map.osm.pbf"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func truncatedPBFThrows() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: SampleMaps.path("helsinki.osm.pbf")))
        for length in [10, 5_000, original.count / 2] {
            let path = try write(Array(original.prefix(length)), name: "cut.osm.pbf")
            #expect(throws: MapError.self) { try MapLoader.load(path: path) }
        }
    }

    @Test func garbageThrows() throws {
        var random = SeededGenerator(seed: 7)
        let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        #expect(throws: MapError.self) { try MapLoader.load(path: try write(bytes, name: "noise.osm.pbf")) }
        #expect(throws: MapError.self) { try MapLoader.load(path: try write(bytes, name: "noise.osm")) }
        #expect(throws: MapError.self) { try MapLoader.load(path: try write([], name: "empty.osm")) }
    }

    @Test func truncatedXMLThrows() throws {
        let xml = GraphImportTests.smallTown().xml()
        let cut = Array(xml.utf8.prefix(xml.utf8.count / 2))
        let error = try #require(throws: MapError.self) { try MapLoader.load(path: try write(cut, name: "cut.osm")) }
        #expect(error.path.hasSuffix("cut.osm"))
    }

    /// Found by the `fuzz-osm` target: readosm 1.1 reads a null pointer for a `<tag>` without `k` or `v` or a
    /// `<member>` without `role`, killing the process. Each is refused as corrupt before readosm sees it.
    @Test(arguments: [
        #"<tag ref="2"/>"#, #"<tag k="highway"/>"#, "<tag\nv='x' />", #"<member type="way" ref="1"/>"#,
        #"<!ENTITY t "&#60;tag/>">"#, "<\u{0}t\u{0}a\u{0}g\u{0}/>",
    ])
    func elementsReadOSMCannotSurviveAreRefused(element: String) throws {
        let xml = #"<osm version="0.6"><node id="1" lat="60.1" lon="24.9">"# + element
            + #"</node><way id="2"><nd ref="1"/><nd ref="1"/><tag k="highway" v="residential"/></way></osm>"#
        let error = try #require(throws: MapError.self) { try MapLoader.load(path: try write(Array(xml.utf8), name: "hostile.osm")) }
        #expect(error.code == .corrupt)
    }

    @Test func wellFormedTagsInCommentsCDATAAndEitherQuotePass() throws {
        let xml = """
            <?xml version="1.0"?><!-- <tag/> --><osm version="0.6">
            <node id="1" lat="60.1" lon="24.9"><tag v='a > b' k="name"/></node>
            <node id="2" lat="60.1005" lon="24.9"><![CDATA[ <tag/> ]]></node><way id="3"><nd ref="1"/><nd ref="2"/>
            <tag k="highway" v="residential"/></way></osm>
            """
        #expect(try MapLoader.load(path: try write(Array(xml.utf8), name: "fine.osm")).nodeCount == 2)
    }

    /// Found by the `fuzz-osm` target: readosm gives a node without `lat` the latitude -1234567890, which made
    /// a segment of absurd length. Such a node is left out, and its ways break there.
    @Test func nodesOffTheGlobeAreLeftOut() throws {
        let xml = #"""
            <osm version="0.6"><node id="1" lat="60.1" lon="24.9"/><node id="2" lon="24.9"/>
            <node id="3" lat="91" lon="24.9"/><node id="4" lat="60.1005" lon="24.9"/><node id="5" lat="60.101" lon="24.9"/>
            <way id="6"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="5"/><tag k="highway" v="residential"/></way>
            </osm>
            """#
        let graph = try MapLoader.load(path: try write(Array(xml.utf8), name: "partial.osm"))
        #expect(graph.node(forOSMID: 2) == nil && graph.node(forOSMID: 3) == nil)
        #expect(graph.segmentCount == 1, "only 4-5 remains a segment")
    }
}
