/// Writes OSM data as OSM XML 0.6 text.
public enum OSMXMLWriter {
    public static func xml(for data: OSMData) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"navbus\">\n"
        for id in data.nodes.keys.sorted() {
            let node = data.nodes[id]!
            out += "  <node id=\"\(id)\" lat=\"\(node.latitude)\" lon=\"\(node.longitude)\" version=\"1\""
            out += node.isTollBooth ? ">\n    <tag k=\"barrier\" v=\"toll_booth\"/>\n  </node>\n" : "/>\n"
        }
        for way in data.ways {
            out += "  <way id=\"\(way.id)\" version=\"1\">\n"
            for ref in way.nodeIDs { out += "    <nd ref=\"\(ref)\"/>\n" }
            for key in way.tags.keys.sorted() {
                out += "    <tag k=\"\(escape(key))\" v=\"\(escape(way.tags[key]!))\"/>\n"
            }
            out += "  </way>\n"
        }
        out += "</osm>\n"
        return out
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for c in text {
            switch c {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(c)
            }
        }
        return result
    }
}
