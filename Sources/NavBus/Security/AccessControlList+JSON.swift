extension AccessControlList {
    /// The list as the JSON text of an ACL file (`Protocols/acl.schema.json`), one client per line.
    public var jsonText: String {
        let entries = clients.map { client -> String in
            var members: [(key: String, value: JSONValue)] = [("name", .string(client.name)), ("key", .string(client.key.z85))]
            let lists: [(String, [String])] = [
                ("publish", client.publish), ("subscribe", client.subscribe), ("call", client.call),
            ]
            for (name, patterns) in lists where !patterns.isEmpty {
                members.append((name, .array(patterns.map(JSONValue.string))))
            }
            if let vehicles = client.vehicles { members.append(("vehicles", .array(vehicles.patterns.map(JSONValue.string)))) }
            if client.sources != ["navbus://\(client.name)/"] {
                members.append(("sources", .array(client.sources.map(JSONValue.string))))
            }
            return "    " + JSONValue.object(JSONObject(members)).jsonText
        }
        return "{\"clients\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
    }
}
