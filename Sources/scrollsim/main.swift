import ScrollsimCLI

ScrollsimCLI.main()
