from hipify_py.cli import main

main()
