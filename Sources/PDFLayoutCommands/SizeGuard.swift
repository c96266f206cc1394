import PageLayout
import ToolSupport

/// Refuses views whose pixel size is absurd (`--dpi 5000` on a book) before anything is rendered.
enum SizeGuard {
    /// A gigapixel: past this a view needs `--force`.
    static let pixelLimit = 1e9
    /// Pages written without `--force`: a small file can declare millions (one page object listed
    /// again and again), which would mean hours of rendering and millions of files.
    static let pageLimit = 10_000

    static func check(_ views: [View], scales: [Double], target: OutputTarget, force: Bool) throws(ToolFailure) {
        for (view, scale) in zip(views, scales) {
            let size = Scale.pixelSize(of: view, scale: scale)
            let described = "view \(view.index + 1) would be \(size.width)×\(size.height) pixels"
            guard size.width >= 1, size.height >= 1 else {
                throw ToolFailure("\(described): raise --dpi or --fit", status: ExitStatus.usage)
            }
            if max(size.width, size.height) > target.maxSide {
                throw ToolFailure(
                    "\(described), more than this format holds (\(target.maxSide) a side): lower --dpi",
                    status: ExitStatus.usage)
            }
            if size.pixelCount > pixelLimit && !force {
                let giga = (size.pixelCount / 1e9 * 10).rounded() / 10
                throw ToolFailure(
                    "\(described) (\(giga) gigapixels): lower --dpi, or add --force", status: ExitStatus.usage)
            }
        }
    }
}
