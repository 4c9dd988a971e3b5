import SplitCLI

/// The `split` executable: everything lives in SplitCLI.
@main
struct SplitMain {
    static func main() async {
        await SplitProgram.main()
    }
}
