import CRecorder
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Finishes the parts of a recording whose recorder was killed before it
/// could finish them: such a Matroska file says nothing of its length, and
/// players take it as a second long, so the parts would not play as one.
/// Its packets are copied, without decoding, into a finished file that takes
/// its place; a file that cannot be mended (the disk full, a stop asked
/// for) is left as it was. Called by the recorder process, on its one thread.
enum PartMender {
    /// Why a recording's status says it is still under way while its parts
    /// are mended: a recorder gone with this reason is not started again.
    static let reason = "finishing a part its stopped recorder left unfinished"

    /// Mends each of `paths` that is not whole, with `tags` ("NAME=value"
    /// lines) as its global tags; how many were mended. A stop asked for
    /// before (the recording cancelled) does not keep its files unfinished;
    /// one asked for while they are copied leaves the rest as they were.
    static func mend(_ paths: [String], tags: String?) -> Int {
        tvs_record_stop_reset()
        return paths.filter { tvs_record_is_whole($0) == 0 && mend($0, tags: tags) }.count
    }

    private static func mend(_ path: String, tags: String?) -> Bool {
        let temporary = RecordingsSettings.mendingPath(path)
        var message = [CChar](repeating: 0, count: 512)
        let result = tvs_record(path, nil, temporary, tags, Date().timeIntervalSince1970 + 86_400, 0, 0, nil, nil, &message, message.count)
        guard Int(result) == Int(TVS_RECORD_SOURCE_ENDED), tvs_record_stop_requested() == 0, tvs_record_is_whole(temporary) == 1,
              rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
