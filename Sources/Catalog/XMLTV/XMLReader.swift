import CXML
import Foundation

/// A streaming XML reader over libxml2's `xmlTextReader`: one node at a
/// time, never the whole document in memory, from a file (plain or gzip,
/// read through zlib's `gzread`) or from bytes in memory (gzip inflated by
/// zlib as it is read). No network, no DTD loaded; a document that declares
/// entities (entity expansion, external entities) is refused before any of
/// it is used, and so is one with an element of more than
/// `AttributeLimit.maximum` attributes (libxml2's check for repeated
/// attributes takes quadratic time: 250 000 on one element take minutes).
/// Errors are collected, never printed. One thread per reader.
final class XMLReader {
    /// What a node is, for the cases the guide reads.
    enum Node {
        /// An element opening; `empty` when it closes itself (`<icon/>`).
        case start(name: String, attributes: [String: String], empty: Bool)
        case text(String)
        case end(name: String)
    }

    /// The first error libxml2 reported: its line and message.
    private(set) var error: (line: Int, message: String)?
    /// Why the document was refused (declared entities), if it was.
    private(set) var refusal: String?

    private var reader: xmlTextReaderPtr?
    /// Where the bytes come from (kept for the reader's callbacks).
    private let source: ByteSource
    private var checkedDoctype = false
    /// The document, once asked for (`xmlTextReaderCurrentDoc` hands it to
    /// the caller: the reader no longer frees it).
    private var document: xmlDocPtr?

    private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// libxml2's one-time set-up, done before the first reader (its own
    /// lazy set-up is not safe from two threads at once).
    private static let initialized: Void = xmlInitParser()

    /// Reads the file at `path` (gzip or plain).
    convenience init?(path: String) {
        guard let file = FileSource(path: path) else { return nil }
        self.init(source: file)
    }

    /// Reads `data` (gzip or plain).
    convenience init?(data: Data) {
        self.init(source: data.starts(with: [0x1F, 0x8B]) ? GzipSource(data) : PlainSource(data))
    }

    private init?(source: ByteSource) {
        _ = Self.initialized
        self.source = source
        let context = Unmanaged.passUnretained(source).toOpaque()
        reader = xmlReaderForIO({ context, buffer, length in
            guard let context, let buffer else { return -1 }
            return Unmanaged<ByteSource>.fromOpaque(context).takeUnretainedValue().read(into: buffer, length: Int(length))
        }, nil, context, nil, nil, Self.options)
        guard reader != nil else { return nil }
        installErrorHandler()
    }

    deinit {
        if let reader { xmlFreeTextReader(reader) }
        if let document { xmlFreeDoc(document) }
    }

    /// The line of the node last read (else where the parser is).
    var line: Int {
        guard let reader else { return 0 }
        if let node = xmlTextReaderCurrentNode(reader), xmlGetLineNo(node) > 0 { return Int(xmlGetLineNo(node)) }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// The next node the guide cares about; nil at the end, at an error
    /// (see `error`) or when the document is refused (see `refusal`).
    func next() -> Node? {
        guard let reader, refusal == nil else { return nil }
        defer { if let tooMany = source.refusal { refusal = tooMany } }
        while xmlTextReaderRead(reader) == 1 {
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                if declaresEntities() {
                    refusal = Self.entities
                    return nil
                }
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                refusal = "the guide refers to an entity it declares itself; refused"
                return nil
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                if !checkedDoctype, declaresEntities() {
                    refusal = Self.entities
                    return nil
                }
                checkedDoctype = true
                let name = string(xmlTextReaderConstLocalName(reader))
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                var attributes: [String: String] = [:]
                if xmlTextReaderMoveToFirstAttribute(reader) == 1 {
                    repeat {
                        attributes[string(xmlTextReaderConstLocalName(reader))] = string(xmlTextReaderConstValue(reader))
                    } while xmlTextReaderMoveToNextAttribute(reader) == 1
                    xmlTextReaderMoveToElement(reader)
                }
                return .start(name: name, attributes: attributes, empty: empty)
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                return .text(string(xmlTextReaderConstValue(reader)))
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end(name: string(xmlTextReaderConstLocalName(reader)))
            default:
                continue
            }
        }
        if let tooMany = source.refusal {
            refusal = tooMany
        } else if declaresEntities() {
            refusal = Self.entities
        }
        return nil
    }

    private static let entities = "the guide declares its own entities (<!ENTITY …>: entity expansion or external entities); refused"

    /// Whether the document's internal subset declares entities.
    private func declaresEntities() -> Bool {
        guard let reader, let doc = document ?? xmlTextReaderCurrentDoc(reader) else { return false }
        document = doc
        guard let subset = doc.pointee.intSubset else { return false }
        return subset.pointee.entities != nil || subset.pointee.pentities != nil
    }

    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// Keeps libxml2's first error (with its line) instead of printing it.
    private func installErrorHandler() {
        guard let reader else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        xmlTextReaderSetErrorHandler(reader, { context, message, _, locator in
            guard let context else { return }
            let me = Unmanaged<XMLReader>.fromOpaque(context).takeUnretainedValue()
            guard me.error == nil else { return }
            let text = message.map { String(cString: $0) } ?? "malformed XML"
            me.error = (Int(xmlTextReaderLocatorLineNumber(locator)), text.trimmingCharacters(in: .whitespacesAndNewlines))
        }, context)
    }
}

/// Bytes handed to libxml2 as it reads (`xmlReaderForIO`), each chunk
/// looked over by an `AttributeLimit` first.
private class ByteSource {
    /// Why the bytes stopped early (an element with too many attributes).
    private(set) var refusal: String?
    private var limit = AttributeLimit()

    /// Fills up to `length` bytes of `buffer`; 0 at the end, -1 on an error.
    final func read(into buffer: UnsafeMutablePointer<CChar>, length: Int) -> Int32 {
        guard refusal == nil else { return -1 }
        let count = fill(buffer, length: length)
        guard count > 0 else { return count }
        guard limit.scan(UnsafeRawBufferPointer(start: buffer, count: Int(count))) else {
            refusal = "an element has more than \(AttributeLimit.maximum) attributes; refused"
            return -1
        }
        return count
    }

    /// What a source does: the next bytes, 0 at the end, -1 on an error.
    func fill(_ buffer: UnsafeMutablePointer<CChar>, length: Int) -> Int32 { -1 }
}

/// A file, plain or gzip (zlib's `gzread` reads both).
private final class FileSource: ByteSource {
    private let file: gzFile

    init?(path: String) {
        guard let file = gzopen(path, "rb") else { return nil }
        self.file = file
    }

    deinit { gzclose(file) }

    override func fill(_ buffer: UnsafeMutablePointer<CChar>, length: Int) -> Int32 {
        gzread(file, buffer, UInt32(length))
    }
}

/// Plain bytes, copied out a chunk at a time.
private final class PlainSource: ByteSource {
    private let data: Data
    private var offset = 0

    init(_ data: Data) { self.data = data }

    override func fill(_ buffer: UnsafeMutablePointer<CChar>, length: Int) -> Int32 {
        let count = min(length, data.count - offset)
        guard count > 0 else { return 0 }
        data.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return Int32(count)
    }
}

/// Gzip bytes, inflated by zlib a chunk at a time.
private final class GzipSource: ByteSource {
    private let data: Data
    private var stream = z_stream()
    private var ready = false
    private var finished = false

    init(_ data: Data) {
        self.data = data
        super.init()
        ready = inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    deinit {
        if ready { inflateEnd(&stream) }
    }

    override func fill(_ buffer: UnsafeMutablePointer<CChar>, length: Int) -> Int32 {
        guard ready else { return -1 }
        guard !finished else { return 0 }
        return data.withUnsafeBytes { bytes -> Int32 in
            let base = bytes.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.next_out = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(length)
            while stream.avail_out == uInt(length) {
                let consumed = Int(stream.total_in)
                stream.next_in = UnsafeMutablePointer(mutating: base + consumed)
                stream.avail_in = uInt(data.count - consumed)
                let status = inflate(&stream, Z_NO_FLUSH)
                if status == Z_STREAM_END {
                    finished = true
                    break
                }
                guard status == Z_OK, stream.avail_in > 0 || stream.avail_out < uInt(length) else {
                    return stream.avail_out < uInt(length) ? Int32(length - Int(stream.avail_out)) : -1
                }
            }
            return Int32(length - Int(stream.avail_out))
        }
    }
}
