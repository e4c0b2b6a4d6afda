from bridgescore.cli import main

main()
