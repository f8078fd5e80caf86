public import NavBus
public import NavProtocol

/// Renders a bus message as one readable line: time, vehicle, topic and the payload's essentials.
public enum MessageFormatter {
    public static func line(for message: BusMessage) -> String {
        let time = String(message.header.time.rfc3339.dropFirst(11).dropLast())
        let head = "\(time) \(message.header.subject) \(message.topicName)"
        return head + "  " + summary(message.topic, message.data)
    }

    public static func summary(_ topic: Topic?, _ data: JSONValue) -> String {
        func number(_ key: String, _ digits: Int = 1) -> String {
            guard let value = data[key]?.doubleValue else { return "?" }
            return format(value, digits: digits)
        }
        func text(_ key: String) -> String { data[key]?.stringValue ?? "?" }
        switch topic {
        case .gpsFix:
            return "\(number("latitude", 6)),\(number("longitude", 6)) \(number("speed")) m/s course \(number("course", 0))° from \(text("source"))"
        case .navLocation:
            let onRoute = data["onRoute"]?.boolValue == true ? "on route" : "off route"
            return "\(number("latitude", 6)),\(number("longitude", 6)) \(number("speed")) m/s \(onRoute) \(data["roadName"]?.stringValue ?? "")"
        case .navArrival:
            let title = data["waypoint"]?["title"]?.stringValue ?? "?"
            let final = data["isFinalDestination"]?.boolValue == true ? " (final destination)" : ""
            return "arrived at #\(data["waypointIndex"]?.int64Value ?? -1) \(title)\(final)"
        case .navRemainingTime:
            return "\(number("seconds", 0)) s to the next destination"
        case .navRemainingDistance:
            return "\(number("meters", 0)) m to the next destination"
        case .navSpeeding:
            return "\(text("severity")) \(number("percentageAboveLimit", 0)) % above limit (\(number("speed")) of \(number("speedLimit")) m/s)"
        case .heartbeat:
            let counters = data["counters"].map { counters -> String in
                guard case .object(let object) = counters else { return "" }
                return object.members.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.jsonText)" }
                    .joined(separator: " ")
            } ?? ""
            return "\(text("process")) up \(number("uptimeSeconds", 0)) s \(counters)"
        default:
            guard case .object(let object) = data else { return data.jsonText }
            return object.members.map { member -> String in
                switch member.value {
                case .array(let elements): return "\(member.key)=[\(elements.count)]"
                case .object: return "\(member.key)={…}"
                case .number(let value): return "\(member.key)=\(format(value, digits: 2))"
                default: return "\(member.key)=\(member.value.jsonText)"
                }
            }.joined(separator: " ")
        }
    }

    public static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if digits == 0 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
