from hipify_py.cli import main

main(exit_now=True)
