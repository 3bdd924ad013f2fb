/// The languages subtitle files are most often named by: their English
/// names and their ISO 639-1 and 639-2 codes, for `SidecarSubtitles`.
/// Pure; any thread.
enum SubtitleLanguageWords {
    /// (639-1, 639-2 codes, English names), lowercased.
    private static let table: [(code: String, long: [String], names: [String])] = [
        ("en", ["eng"], ["english"]), ("fr", ["fre", "fra"], ["french", "francais", "français"]), ("de", ["ger", "deu"], ["german", "deutsch"]),
        ("es", ["spa"], ["spanish", "espanol", "español", "castellano", "latino"]), ("it", ["ita"], ["italian", "italiano"]),
        ("pt", ["por"], ["portuguese", "português", "portugues", "brazilian"]), ("nl", ["dut", "nld"], ["dutch", "nederlands"]),
        ("sv", ["swe"], ["swedish", "svenska"]), ("da", ["dan"], ["danish", "dansk"]), ("no", ["nor", "nob"], ["norwegian", "norsk"]),
        ("fi", ["fin"], ["finnish", "suomi"]), ("is", ["ice", "isl"], ["icelandic"]), ("pl", ["pol"], ["polish", "polski"]),
        ("cs", ["cze", "ces"], ["czech"]), ("sk", ["slo", "slk"], ["slovak"]), ("sl", ["slv"], ["slovenian", "slovene"]),
        ("hu", ["hun"], ["hungarian", "magyar"]), ("ro", ["rum", "ron"], ["romanian"]), ("bg", ["bul"], ["bulgarian"]),
        ("hr", ["hrv"], ["croatian"]), ("sr", ["srp"], ["serbian"]), ("bs", ["bos"], ["bosnian"]), ("el", ["gre", "ell"], ["greek"]),
        ("tr", ["tur"], ["turkish"]), ("ru", ["rus"], ["russian"]), ("uk", ["ukr"], ["ukrainian"]), ("et", ["est"], ["estonian"]),
        ("lv", ["lav"], ["latvian"]), ("lt", ["lit"], ["lithuanian"]), ("ar", ["ara"], ["arabic"]), ("he", ["heb"], ["hebrew"]),
        ("fa", ["per", "fas"], ["persian", "farsi"]), ("hi", ["hin"], ["hindi"]), ("bn", ["ben"], ["bengali"]), ("ta", ["tam"], ["tamil"]),
        ("th", ["tha"], ["thai"]), ("vi", ["vie"], ["vietnamese"]), ("id", ["ind"], ["indonesian"]), ("ms", ["may", "msa"], ["malay"]),
        ("zh", ["chi", "zho"], ["chinese", "mandarin", "cantonese"]), ("ja", ["jpn"], ["japanese"]), ("ko", ["kor"], ["korean"]),
        ("ca", ["cat"], ["catalan"]), ("eu", ["baq", "eus"], ["basque"]), ("gl", ["glg"], ["galician"]), ("cy", ["wel", "cym"], ["welsh"]),
        ("ga", ["gle"], ["irish"]),
    ]

    private static let byName: [String: String] = {
        var map: [String: String] = [:]
        for entry in table { for name in entry.names { map[name] = entry.code } }
        return map
    }()

    private static let byCode: [String: String] = {
        var map: [String: String] = [:]
        for entry in table {
            map[entry.code] = entry.code
            for long in entry.long { map[long] = entry.code }
        }
        return map
    }()

    private static let names: [String: String] = {
        var map: [String: String] = [:]
        for entry in table { map[entry.code] = entry.names[0].prefix(1).uppercased() + entry.names[0].dropFirst() }
        return map
    }()

    /// The 639-1 code `word` stands for: a language's English (or own)
    /// name in any case, or its code written in lower case ("en", "eng";
    /// "HI" and "SDH" in capitals are a release's "hearing impaired", not
    /// Hindi or a Kurdish).
    static func code(for word: String) -> String? {
        if let code = byName[word.lowercased()] { return code }
        return word == word.lowercased() ? byCode[word] : nil
    }

    /// Names of a language as a region speaks it, kept apart in the title
    /// (a release has both "Portuguese" and "Brazilian" files).
    private static let regional: [String: String] = [
        "brazilian": "Portuguese (Brazil)", "latino": "Spanish (Latin America)",
    ]

    /// The English name of the language as a region speaks it that the name
    /// `word` is ("Brazilian": "Portuguese (Brazil)"); nil for any other.
    static func englishName(ofRegional word: String) -> String? { regional[word.lowercased()] }

    /// The English name of the language of the 639-1 `code` ("English").
    static func englishName(of code: String) -> String? { names[code] }
}
