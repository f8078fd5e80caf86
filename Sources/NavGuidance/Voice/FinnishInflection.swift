import NavCore

/// Street names in the Finnish cases guidance needs: the allative ("onto": Kaivokatu → Kaivokadulle) and
/// the partitive ("along": Kaivokatu → Kaivokatua).
///
/// A street name ends in a common noun (katu, tie, polku, ranta, kaari, …) that takes the case ending,
/// and attributes before it agree (Pohjoinen Makasiinikatu → Pohjoiselle Makasiinikadulle). The endings
/// follow the general rules rather than a word list: consonant gradation weakens the stop that opens the
/// last syllable when the allative closes it (kk → k, pp → p, tt → t, nk → ng, mp → mm, nt → nn, lt → ll,
/// rt → rr, t → d, p → v, and k is lost: katu → kadu-, ranta → ranna-, polku → polu-, mäki → mäe-); old
/// e-stem nouns in -i turn it into -e (kaari → kaare-, lahti → lahde-); nouns in -e take the strong grade
/// and a long vowel (rinne → rintee-, kaarre → kaartee-); nouns in -as take -aa- (kangas → kankaa-);
/// adjectives in -inen take -ise- (Itäinen → Itäise-). Which common nouns in -i are old e-stems cannot be
/// read off the word, so that one fact is a list of nouns (``eStemNouns``).
enum FinnishInflection {
    /// Nouns ending in -i whose stem ends in -e (kaari : kaaren), as they end street and place names.
    static let eStemNouns = ["kaari", "saari", "niemi", "lahti", "mäki", "joki", "järvi", "vuori", "lampi", "koski"]

    enum Case {
        case allative, partitive
    }

    /// "onto X": the allative of a street name.
    static func allative(_ name: String) -> String { inflect(name, .allative) }

    /// "along X": the partitive of a street name.
    static func partitive(_ name: String) -> String { inflect(name, .partitive) }

    /// Puts the last word of a name, and the attributes agreeing with it, in `grammaticalCase`.
    static func inflect(_ name: String, _ grammaticalCase: Case) -> String {
        var words = name.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard let last = words.last, !last.isEmpty else { return name }
        if isRefLike(last) {
            switch grammaticalCase {
            case .allative: return name + ":lle"
            case .partitive: return name + ":tä"
            }
        }
        switch grammaticalCase {
        case .allative: words[words.count - 1] = allativeStem(last) + "lle"
        case .partitive: words[words.count - 1] = partitiveWord(last)
        }
        // Attributes agree with the noun: adjectives in -inen (Pohjoinen, Itäinen, Toinen).
        for index in words.indices.dropLast() where words[index].lowercased().hasSuffix("inen") {
            let word = words[index]
            switch grammaticalCase {
            case .allative: words[index] = String(word.dropLast(4)) + "iselle"
            case .partitive: words[index] = partitiveWord(word)
            }
        }
        return words.joined(separator: " ")
    }

    /// Road numbers and abbreviations (E12, Kehä I): the ending goes after a colon.
    private static func isRefLike(_ word: String) -> Bool {
        guard let last = word.last else { return false }
        return last.isNumber || (word.count <= 4 && word.allSatisfy { $0.isUppercase || $0.isNumber })
    }

    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y", "ä", "ö"]

    /// Back-vowel harmony (a, o, u) or front (ä, ö, y, and e and i alone). In a compound the last part
    /// decides (Mannerheimintie → -tietä), so the last syllables are looked at; an adjective in -inen
    /// takes the harmony of its root (Pohjoinen → Pohjoista).
    private static func isBack(_ word: String) -> Bool {
        let lower = word.lowercased()
        let span = lower.hasSuffix("inen") ? Substring(lower) : lower.suffix(4)
        guard let vowel = span.last(where: { "aouäöy".contains($0) }) else { return false }
        return "aou".contains(vowel)
    }

    /// The stem the allative ending -lle is added to.
    static func allativeStem(_ word: String) -> String {
        let lower = word.lowercased()
        let letters = Array(word)
        guard let final = letters.last.map({ Character($0.lowercased()) }) else { return word }
        if lower.hasSuffix("inen") { return String(word.dropLast(4)) + "ise" }
        if eStemNouns.contains(where: { lower.hasSuffix($0) }) {
            // kaari → kaare, lahti → lahde, mäki → mäe: the -e- stem in the weak grade.
            return weakened(String(word.dropLast())) + "e"
        }
        if !vowels.contains(final) {
            if lower.hasSuffix("as") || lower.hasSuffix("äs") {
                let vowel = String(letters[letters.count - 2])
                return strengthened(String(word.dropLast(2))) + vowel + vowel
            }
            return word + "i"
        }
        let beforeFinal = letters.count >= 2 ? Character(letters[letters.count - 2].lowercased()) : "a"
        // A word ending in two vowels (tie, aukio) has no consonant to weaken.
        if vowels.contains(beforeFinal) { return word }
        if final == "e" {
            // rinne → rintee, kaarre → kaartee: the strong grade and a long vowel.
            return strengthened(String(word.dropLast())) + "ee"
        }
        return weakened(String(word.dropLast())) + String(letters[letters.count - 1])
    }

    /// `body` (a word without its final vowel) with the consonants ending it in the weak grade.
    private static func weakened(_ body: String) -> String {
        let lower = body.lowercased()
        let pairs: [(String, String)] = [
            ("kk", "k"), ("pp", "p"), ("tt", "t"), ("nk", "ng"), ("mp", "mm"), ("nt", "nn"), ("lt", "ll"),
            ("rt", "rr"), ("ht", "hd"), ("uk", "uv"), ("yk", "yv"),
        ]
        for (strong, weak) in pairs where lower.hasSuffix(strong) {
            return body.dropLast(strong.count) + weak
        }
        guard let last = lower.last, let before = lower.dropLast().last else { return body }
        // A single stop after a vowel, l, r or h: t → d, p → v, k is lost (lk, rk, hk → l, r, h).
        if last == "t", vowels.contains(before) { return String(body.dropLast()) + "d" }
        if last == "p", vowels.contains(before) { return String(body.dropLast()) + "v" }
        if last == "k", vowels.contains(before) || "lrh".contains(before) { return String(body.dropLast()) }
        return body
    }

    /// `body` with the consonants ending it in the strong grade (nn → nt, rr → rt, d → t, single stops
    /// doubled), as nouns in -e and -as have it before their long vowel.
    private static func strengthened(_ body: String) -> String {
        let lower = body.lowercased()
        let pairs: [(String, String)] = [("nn", "nt"), ("ll", "lt"), ("rr", "rt"), ("mm", "mp"), ("ng", "nk")]
        for (weak, strong) in pairs where lower.hasSuffix(weak) {
            return body.dropLast(weak.count) + strong
        }
        guard let last = lower.last, let before = lower.dropLast().last, vowels.contains(before) else { return body }
        switch last {
        case "d": return String(body.dropLast()) + "t"
        case "v": return String(body.dropLast()) + "p"
        case "k", "p", "t": return body + String(last)
        default: return body
        }
    }

    /// The partitive of one word (strong grade, as in the nominative).
    private static func partitiveWord(_ word: String) -> String {
        let a = isBack(word) ? "a" : "ä"
        let lower = word.lowercased()
        let letters = Array(lower)
        guard let final = letters.last else { return word }
        if lower.hasSuffix("inen") { return String(word.dropLast(4)) + "ist" + a }
        if eStemNouns.contains(where: { lower.hasSuffix($0) }), letters.count >= 2 {
            // saari → saarta, niemi → niemeä: -t- after l, n, r, s; -e- otherwise.
            return "lnrs".contains(letters[letters.count - 2])
                ? String(word.dropLast()) + "t" + a : String(word.dropLast()) + "e" + a
        }
        if !vowels.contains(final) { return word + (lower.hasSuffix("s") ? "t" + a : "i" + a) }
        let beforeFinal = letters.count >= 2 ? letters[letters.count - 2] : "a"
        if vowels.contains(beforeFinal) { return word + "t" + a }
        if final == "e" { return word + "tt" + a }
        return word + a
    }
}
