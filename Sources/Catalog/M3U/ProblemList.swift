/// Problems found while reading a lineup or a guide, capped: the first
/// `XMLTVParser.problemLimit` are listed, the rest only counted (a file of
/// millions of broken lines must not cost gigabytes of messages).
struct ProblemList {
    private(set) var listed: [CatalogProblem] = []
    private(set) var unlisted = 0

    mutating func append(_ problem: CatalogProblem) {
        if listed.count < XMLTVParser.problemLimit { listed.append(problem) } else { unlisted += 1 }
    }

    /// The listed problems, and "and N more problems" when some were not.
    var all: [CatalogProblem] {
        unlisted == 0 ? listed : listed + [CatalogProblem(line: 0, message: "and \(unlisted) more problems")]
    }
}
