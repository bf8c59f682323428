fn main() -> std::process::ExitCode {
    musket::cli::main()
}
