import CMPV
#if canImport(Glibc)
import Glibc
#endif

/// libmpv's software render context (`MPV_RENDER_API_TYPE_SW`), rendering
/// `rgb0` pixels into a buffer it owns.
///
/// Threading: `update`, `render` and `free` on one thread (the owner's loop).
/// The update callback runs on an mpv thread and only writes one byte to the
/// pipe given at creation. Must be created before `loadfile` (or that file gets
/// no video) and freed before `MPVHandle.destroy()`.
public final class MPVSoftwareRenderer {
    private var context: OpaquePointer?
    /// Pixels of the last `render`: `height` rows of `stride` bytes, 4 bytes
    /// a pixel in the format asked for ((r, g, b, 0) by default). Valid until the next `render` or `free`.
    public private(set) var pixels: UnsafeMutableRawPointer?
    public private(set) var width = 0
    public private(set) var height = 0
    public private(set) var stride = 0
    private var capacity = 0
    private let sizeParam = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
    private let strideParam = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private let blockParam = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    /// Creates the context on `mpv`, with the update callback writing to `updateFD`.
    public init(mpv: MPVHandle, updateFD: Int32) throws(MPVError) {
        var ctx: OpaquePointer?
        let code: Int32 = MPV_RENDER_API_TYPE_SW.withCString { apiType in
            var params = [
                mpv_render_param(type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(mutating: apiType)),
                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
            ]
            return mpv_render_context_create(&ctx, mpv.raw, &params)
        }
        try MPVError.check(code, "mpv_render_context_create(sw)")
        context = ctx
        mpv_render_context_set_update_callback(ctx, { fdPointer in
            var byte: UInt8 = 1
            _ = write(Int32(Int(bitPattern: fdPointer)), &byte, 1)
        }, UnsafeMutableRawPointer(bitPattern: Int(updateFD)))
    }

    deinit {
        free()
        sizeParam.deallocate()
        strideParam.deallocate()
        blockParam.deallocate()
    }

    /// Whether a new video frame is ready (`MPV_RENDER_UPDATE_FRAME`).
    public func update() -> Bool {
        guard let context else { return false }
        return mpv_render_context_update(context) & UInt64(MPV_RENDER_UPDATE_FRAME.rawValue) != 0
    }

    /// Whether the frame the next `render` draws is a new one from the
    /// decoder, not the last one drawn again (a redraw after the video
    /// output was set up anew, a repeat): `MPV_RENDER_PARAM_NEXT_FRAME_INFO`.
    public var nextFrameIsNew: Bool {
        guard let context else { return false }
        var info = mpv_render_frame_info()
        let code = withUnsafeMutablePointer(to: &info) { pointer in
            mpv_render_context_get_info(context, mpv_render_param(type: MPV_RENDER_PARAM_NEXT_FRAME_INFO, data: UnsafeMutableRawPointer(pointer)))
        }
        guard code >= 0 else { return false }
        let flags = info.flags
        return flags & UInt64(MPV_RENDER_FRAME_INFO_PRESENT.rawValue) != 0 && flags & UInt64(MPV_RENDER_FRAME_INFO_REDRAW.rawValue) == 0
            && flags & UInt64(MPV_RENDER_FRAME_INFO_REPEAT.rawValue) == 0
    }

    /// Renders the current frame at `width`×`height` pixels into `pixels`,
    /// letterboxed as mpv does; never blocks for the frame's target time.
    /// `format`: mpv's name of the pixel layout (`rgb0`, or `bgr0` for a
    /// bitmap laid on mpv's OSD once its fourth bytes are made opaque).
    public func render(width: Int, height: Int, format: String = "rgb0") throws(MPVError) {
        guard let context else { return }
        guard width > 0, height > 0 else { return }
        let stride = (width * 4 + 63) & ~63
        if stride * height > capacity || pixels == nil {
            Glibc.free(pixels)
            var memory: UnsafeMutableRawPointer?
            guard posix_memalign(&memory, 64, stride * height) == 0, let memory else {
                throw MPVError(code: MPV_ERROR_NOMEM.rawValue, call: "render buffer \(width)x\(height)")
            }
            pixels = memory
            capacity = stride * height
        }
        self.width = width
        self.height = height
        self.stride = stride
        sizeParam[0] = Int32(width)
        sizeParam[1] = Int32(height)
        strideParam.pointee = stride
        blockParam.pointee = 0
        let code: Int32 = format.withCString { format in
            var params = [
                mpv_render_param(type: MPV_RENDER_PARAM_SW_SIZE, data: UnsafeMutableRawPointer(sizeParam)),
                mpv_render_param(type: MPV_RENDER_PARAM_SW_FORMAT, data: UnsafeMutableRawPointer(mutating: format)),
                mpv_render_param(type: MPV_RENDER_PARAM_SW_STRIDE, data: UnsafeMutableRawPointer(strideParam)),
                mpv_render_param(type: MPV_RENDER_PARAM_SW_POINTER, data: pixels),
                mpv_render_param(type: MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, data: UnsafeMutableRawPointer(blockParam)),
                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
            ]
            return mpv_render_context_render(context, &params)
        }
        try MPVError.check(code, "mpv_render_context_render \(width)x\(height)")
    }

    /// Tells mpv a frame was shown (for its timing statistics).
    public func reportSwap() {
        guard let context else { return }
        mpv_render_context_report_swap(context)
    }

    /// Frees the context and the pixel buffer; idempotent.
    public func free() {
        if let context {
            mpv_render_context_set_update_callback(context, nil, nil)
            mpv_render_context_free(context)
        }
        context = nil
        Glibc.free(pixels)
        pixels = nil
        capacity = 0
    }
}
